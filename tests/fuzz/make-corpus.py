#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the seed corpus of every fuzz target (tests/fuzz/corpus/<target>/): real files from
resources/ and tests/data/ plus the pathological inputs of issue 16 (25,000 nested groups,
backtracking patterns, a glob of many stars, duplicate names, 1e400, NaN, deep nesting, bidi
overrides, truncated and oversized headers). Rerun after changing the real files; the output
is committed."""
import json
import os
import shutil
import struct

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = os.path.join(root, "tests", "fuzz", "corpus")


def put(target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def res(path):
    with open(os.path.join(root, path), "rb") as f:
        return f.read()


shutil.rmtree(out, ignore_errors=True)
models = sorted(p for p in os.listdir(os.path.join(root, "resources", "models")) if p != "catalogue.json")
for m in models:
    put("config", m, res("resources/models/" + m))
kimi = json.loads(res("resources/models/Kimi-K3.json"))
for name, pattern in [("parens25000", "re:" + "(" * 25000 + "a" + ")" * 25000),
                      ("alt-star", "re:(.|.)*X"), ("star-star", "re:(.*)*X"),
                      ("repeat-bomb", "re:((a{1000}){1000}){1000}"), ("lookahead", "re:(?=x)y")]:
    k = json.loads(json.dumps(kimi))
    k["text_config"]["quantization_config"]["ignore"][0] = pattern
    put("config", "kimi-" + name + ".json", json.dumps(k))
gptoss = json.loads(res("resources/models/gpt-oss-120b.json"))
gptoss["quantization_config"]["modules_to_not_convert"][0] = "model.layers.************X"
put("config", "gptoss-many-stars.json", json.dumps(gptoss))
llama = res("resources/models/Llama-3.1-8B.json").decode()
put("config", "llama-duplicate.json", llama.replace("{", '{"hidden_size": 8192,', 1))
put("config", "llama-1e400.json", llama.replace('"hidden_size": 4096', '"hidden_size": 1e400'))
put("config", "llama-nan.json", llama.replace('"hidden_size": 4096', '"hidden_size": NaN'))
put("config", "llama-negative.json", llama.replace('"hidden_size": 4096', '"hidden_size": -4096'))
put("config", "llama-truncated.json", llama[: len(llama) // 2])
put("config", "deep.json", "[" * 600 + "]" * 600)
# A Qwen-VL tower whose file is also its own preprocessor_config.json (max_pixels, size).
qwenvl = json.loads(res("tests/data/configs/Qwen--Qwen3.5-27B_config.json"))
qwenvl["max_pixels"] = 1003520
qwenvl["size"] = {"longest_edge": 16777216, "shortest_edge": 65536}
put("config", "qwen35-vl-preprocessor.json", json.dumps(qwenvl))
qwenvl["vision_config"]["spatial_merge_size"] = 64
qwenvl["vision_config"]["patch_size"] = 1024
qwenvl["max_pixels"] = 1 << 40
put("config", "qwen35-vl-huge-image.json", json.dumps(qwenvl))


def st(header, data=8):
    h = header.encode()
    return struct.pack("<Q", len(h)) + h + b"\0" * data


good = '{"a":{"dtype":"BF16","shape":[2,2],"data_offsets":[0,8]},"__metadata__":{"format":"pt"}}'
put("safetensors_header", "good", st(good))
put("safetensors_header", "duplicate", st('{"a":{"dtype":"BF16","shape":[2],"data_offsets":[0,4]},'
                                          '"a":{"dtype":"BF16","shape":[2],"data_offsets":[4,8]}}'))
put("safetensors_header", "overflow", st(good.replace("[2,2]", "[1e400,2]")))
put("safetensors_header", "overlap", st('{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},'
                                        '"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}}', 12))
put("safetensors_header", "truncated", st(good)[:20])
put("safetensors_header", "huge-length", struct.pack("<Q", 2**63) + b"{}")
put("safetensors_header", "deep", st("[" * 600 + "]" * 600))

put("safetensors_index", "good", '{"metadata":{"total_size":16060522496},"weight_map":'
    '{"model.embed_tokens.weight":"model-00001-of-00004.safetensors"}}')
put("safetensors_index", "string-size", '{"metadata":{"total_size":"16060522496"},"weight_map":{}}')
put("safetensors_index", "duplicate", '{"metadata":{"total_size":1},"weight_map":{"a":"x","a":"y"}}')
put("safetensors_index", "overflow", '{"metadata":{"total_size":1e400}}')
put("safetensors_index", "negative", '{"metadata":{"total_size":-1}}')

scenario = res("resources/default-scenario.json").decode()
put("scenario", "default.json", scenario)
put("scenario", "nofit-h200-1m.json", res("tests/app/data/nofit-h200-1m.json"))
put("scenario", "duplicate.json", scenario.replace('"concurrency": 16', '"concurrency": 16, "concurrency": 1'))
put("scenario", "overflow.json", scenario.replace('"concurrency": 16', '"concurrency": 1e400'))
put("scenario", "nan.json", scenario.replace('"hours_per_day": 24', '"hours_per_day": NaN'))
put("scenario", "rlo-name.json", scenario.replace('"schema_version": 1', '"schema_version": 1, "name": "evil\\u202efdp.exe\\u001b[2J"'))
put("scenario", "tp-pp-count.json", scenario.replace('"tp": 0', '"tp": 2').replace('"gpu_count": 8', '"gpu_count": 2').replace('"pp": 0', '"pp": 1'))
put("scenario", "deep.json", '{"workload":' + "[" * 600 + "]" * 600 + "}")

for r in ["h200-probe-report.json", "h200-kernels-report.json"]:
    put("probereport", r, res("tests/data/" + r))
report = res("tests/data/h200-probe-report.json").decode()
put("probereport", "overflow.json", report.replace('"memory_free_bytes": 149557477376', '"memory_free_bytes": 1e400'))
put("probereport", "duplicate.json", report.replace('"status": "does_not_fit"', '"status": "does_not_fit", "status": "ok"'))
put("probereport", "deep.json", "[" * 600 + "]" * 600)

gpus, prices, cat = res("resources/gpus.json"), res("resources/prices.json"), res("resources/models/catalogue.json")
put("catalogue", "builtin", gpus + b"\0" + prices + b"\0" + cat)
put("catalogue", "gpus-only", gpus)
put("catalogue", "duplicate-gpus", gpus.replace(b"{", b'{"gpus": [],', 1) + b"\0" + prices + b"\0" + cat)
put("catalogue", "overflow", gpus.replace(b"8", b"1e400", 1) + b"\0" + prices + b"\0" + cat)

for name, args in [("plan", ["plan"]), ("plan-json", ["plan", "--json"]),
                   ("order", ["plan", "--tp", "2", "--pp", "1", "--gpu-count", "2"]),
                   ("model-gpu", ["plan", "--model", "llama-3.1-8b", "--gpu", "h200", "--context", "32k"]),
                   ("serve", ["serve-cmd", "--engine", "sglang"]), ("models", ["models"]),
                   ("gpus", ["gpus"]), ("bad", ["plan", "--concurrency", "1e400"]),
                   ("pricing", ["plan", "--usd-per-gpu-hour", "2.5", "--hours-per-day", "8",
                                "--output-tokens-per-month", "1e9"])]:
    put("cliargs", name, "\0".join(args))

# GGUF headers (import/gguf.h): a small llama header with every value type, per-layer arrays,
# a nested array and tensors of several ggml types; a split part; a truncated one.
def gguf_str(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def gguf_kv(key, vtype, payload):
    return gguf_str(key) + struct.pack("<I", vtype) + payload


def gguf_file(kvs, tensors, alignment=32):
    head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(kvs)) + b"".join(kvs)
    sizes = {0: (1, 4), 1: (1, 2), 8: (32, 34), 12: (256, 144), 14: (256, 210), 39: (32, 17)}
    offset = 0
    for name, dims, t in tensors:
        head += gguf_str(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        head += struct.pack("<IQ", t, offset)
        block, size = sizes[t]
        n = size * dims[0] // block
        for d in dims[1:]:
            n *= d
        offset += (n + alignment - 1) // alignment * alignment
    head += b"\0" * (-len(head) % alignment)
    return head + b"\0" * offset


kvs = [
    gguf_kv("general.architecture", 8, gguf_str("llama")),
    gguf_kv("llama.block_count", 4, struct.pack("<I", 2)),
    gguf_kv("llama.embedding_length", 4, struct.pack("<I", 256)),
    gguf_kv("llama.feed_forward_length", 4, struct.pack("<I", 512)),
    gguf_kv("llama.attention.head_count", 4, struct.pack("<I", 4)),
    gguf_kv("llama.attention.head_count_kv", 9, struct.pack("<IQ", 5, 2) + struct.pack("<ii", 2, 2)),
    gguf_kv("llama.context_length", 10, struct.pack("<Q", 8192)),
    gguf_kv("llama.rope.freq_base", 6, struct.pack("<f", 10000.0)),
    gguf_kv("general.flag", 7, b"\x01"),
    gguf_kv("general.f64", 12, struct.pack("<d", 1.5)),
    gguf_kv("general.i8", 1, b"\xff"), gguf_kv("general.u16", 2, b"\x01\x00"),
    gguf_kv("general.i16", 3, b"\x01\x00"), gguf_kv("general.i64", 11, struct.pack("<q", -1)),
    gguf_kv("general.u8", 0, b"\x07"),
    gguf_kv("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 3) + gguf_str("a") + gguf_str("b") + gguf_str("c")),
    gguf_kv("nested", 9, struct.pack("<IQ", 9, 1) + struct.pack("<IQ", 4, 2) + struct.pack("<II", 1, 2)),
]
tensors = [("token_embd.weight", [256, 3], 12), ("output.weight", [256, 3], 14)]
for i in range(2):
    tensors += [(f"blk.{i}.attn_q.weight", [256, 256], 8), (f"blk.{i}.attn_norm.weight", [256], 0),
                (f"blk.{i}.ffn_up_exps.weight", [256, 64, 4], 39), (f"blk.{i}.ffn_gate_inp.weight", [256, 4], 1)]
small = gguf_file(kvs, tensors)
put("gguf", "llama-small.gguf", small)
put("gguf", "truncated.gguf", small[:200])
put("gguf", "split-part.gguf", gguf_file([gguf_kv("split.count", 2, b"\x02\x00")], [("x.weight", [32], 0)]))
put("gguf", "huge-counts.gguf", b"GGUF" + struct.pack("<IQQ", 3, 1 << 40, 1 << 40))
