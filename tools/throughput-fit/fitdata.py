# SPDX-License-Identifier: MIT
"""Measurements and the facts they need, for fit.py (the serving-throughput prototype).

Reads the GPU data sheet (resources/gpus.json), the HF config.json of each measured model
(parameter groups, active parameters, KV bytes per token, attention FLOPs) and turns a row of
../shared/reference/throughput/measurements.json into a scenario: GPU, parallelism, weight
format, regime and the engine's documented defaults. Nothing here is fitted.
"""

import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
REF = os.environ.get("HOSTPLAN_THROUGHPUT_REF", os.path.join(ROOT, "tests", "data", "throughput"))
GPUS_JSON = os.path.join(ROOT, "resources", "gpus.json")
GiB = 1024.0 ** 3

# --------------------------------------------------------------------------------------------
# GPU data sheet
# --------------------------------------------------------------------------------------------
_GPU_IDS = {"H100 SXM 80GB": "h100-sxm", "H200 SXM 141GB": "h200",
            "A100 SXM 80GB": "a100-80gb", "L40S 48GB": "l40s"}


def load_gpus():
    d = json.load(open(GPUS_JSON))
    out = {}
    for g in d["gpus"]:
        out[g["id"]] = dict(
            name=g["name"],
            mem_bytes=g["usable_memory_gib"] * GiB,
            bw=g["hbm_bandwidth_tb_per_s"] * 1e12,
            bf16=g["bf16_dense_tflops"] * 1e12,
            fp8=g["fp8_dense_tflops"] * 1e12,
            fp4=g["fp4_dense_tflops"] * 1e12,
            link=g["interconnect_gb_per_s"] * 1e9,  # one-way per GPU
            nvlink="NVLink" in g.get("interconnect", ""),
        )
    return out


# --------------------------------------------------------------------------------------------
# Config reader: parameter groups, active parameters, KV bytes per token, attention FLOPs
# --------------------------------------------------------------------------------------------
class Model:
    """Whole-model (TP=1) features read from an HF config.json."""

    def __init__(self, cfg):
        g = lambda k, d=None: cfg.get(k, d)
        self.arch = (g("architectures") or ["?"])[0]
        H = self.hidden = g("hidden_size")
        L = self.layers = g("num_hidden_layers")
        self.vocab = g("vocab_size")
        nh = self.heads = g("num_attention_heads")
        nkv = g("num_key_value_heads", nh)
        hd = g("head_dim") or H // nh
        self.mla = g("kv_lora_rank") is not None
        # --- attention -------------------------------------------------------------------
        if self.mla:
            qr, kvr = g("q_lora_rank"), g("kv_lora_rank")
            nope, rope, vd = g("qk_nope_head_dim"), g("qk_rope_head_dim"), g("v_head_dim")
            q = (H * qr + qr * nh * (nope + rope)) if qr else H * nh * (nope + rope)
            attn = q + H * (kvr + rope) + kvr * nh * (nope + vd) + nh * vd * H
            self.kv_elems_full = kvr + rope  # latent + rope key, shared by all heads
            self.kv_heads = 1
            self.d_qk, self.d_v = nope + rope, vd
            # absorbed MLA decode: per attended token per head 2*(latent+rope) + 2*latent
            self.decode_attn_flops_per_head = 2 * (kvr + rope) + 2 * kvr
        else:
            attn = H * nh * hd + 2 * H * nkv * hd + nh * hd * H
            self.kv_elems_full = 2 * nkv * hd
            self.kv_heads = nkv
            self.kv_head_elems = 2 * hd
            self.d_qk = self.d_v = hd
            self.decode_attn_flops_per_head = 4 * hd
        # sliding-window layers (gpt-oss alternates sliding / full)
        lt = g("layer_types")
        self.window = g("sliding_window") if (lt and "sliding_attention" in lt) else None
        self.n_swa = sum(1 for t in lt if t == "sliding_attention") if self.window else 0
        self.n_full = L - self.n_swa
        # --- MLP / MoE -------------------------------------------------------------------
        E = g("n_routed_experts") or g("num_local_experts") or g("num_experts") or 0
        k = g("num_experts_per_tok") or g("experts_per_token") or 0
        self.experts, self.topk = E, k
        if E:
            I_moe = g("moe_intermediate_size") or g("intermediate_size")
            n_dense = g("first_k_dense_replace") or 0
            n_moe = L - n_dense
            self.expert_params = 3 * H * I_moe  # one expert, one layer
            shared = (g("n_shared_experts") or 0) * 3 * H * I_moe
            dense_mlp = n_dense * 3 * H * g("intermediate_size") + n_moe * (shared + H * E)
            self.experts_total = n_moe * E * self.expert_params
            self.moe_layers = n_moe
        else:
            dense_mlp = L * 3 * H * g("intermediate_size")
            self.experts_total = 0
            self.expert_params = 0
            self.moe_layers = 0
        self.attn_params = L * attn
        self.mlp_dense_params = dense_mlp
        self.embed_params = self.vocab * H
        self.lm_head_params = self.vocab * H  # computed even when tied (it is a matmul)
        self.tied = bool(g("tie_word_embeddings"))

    @property
    def total_params(self):
        return (self.attn_params + self.mlp_dense_params + self.experts_total + self.embed_params
                + (0 if self.tied else self.lm_head_params))

    @property
    def active_params(self):  # matmul parameters a token passes through (no embedding gather)
        return (self.attn_params + self.mlp_dense_params + self.lm_head_params
                + self.moe_layers * self.topk * self.expert_params)

    def kv_bytes_per_token_gpu(self, kv_bytes, tp, dp_attention=False):
        """(full-attention bytes per token, sliding-window bytes per token) on one GPU."""
        if self.mla:  # latent replicated on every TP rank unless attention is data-parallel
            per = self.kv_elems_full * kv_bytes
            return self.n_full * per, 0.0
        heads = self.kv_heads if dp_attention else max(1, math.ceil(self.kv_heads / tp))
        per = heads * self.kv_head_elems * kv_bytes
        return self.n_full * per, self.n_swa * per

    def prefill_attn_flops(self, isl):
        """Causal attention FLOPs of one prompt (QK^T + PV), whole model."""
        per_head_full = (self.d_qk + self.d_v) * isl * isl  # 2 x (dqk+dv) x isl^2/2
        f = self.n_full * self.heads * per_head_full
        if self.n_swa:
            w = self.window
            pairs = isl * isl / 2 if isl <= w else isl * w - w * w / 2
            f += self.n_swa * self.heads * 2 * (self.d_qk + self.d_v) * pairs
        return f

    def decode_attn_flops(self, ctx):
        """Attention FLOPs of one decode token attending ctx tokens, whole model."""
        f = self.n_full * self.heads * self.decode_attn_flops_per_head * ctx
        if self.n_swa:
            f += self.n_swa * self.heads * self.decode_attn_flops_per_head * min(ctx, self.window)
        return f


_MODELS = {}


def load_model(config_path):
    if config_path not in _MODELS:
        _MODELS[config_path] = Model(json.load(open(os.path.join(REF, config_path))))
    return _MODELS[config_path]


# --------------------------------------------------------------------------------------------
# Row -> scenario
# --------------------------------------------------------------------------------------------
def precision_of(row):
    """Weight format of the linear layers: 'bf16', 'fp8', 'mxfp4' (experts only)."""
    w = row["weights_precision"].upper()
    if w.startswith("MXFP4"):
        return "mxfp4"
    if w.startswith("FP8"):
        return "fp8"
    return "bf16"


def scenario_of(row, gpus):
    sc = {}
    sc["id"] = row["id"]
    sc["engine"] = row["engine"]
    sc["gpu_key"] = _GPU_IDS[row["gpu"]]
    sc["gpu"] = gpus[sc["gpu_key"]]
    sc["model"] = load_model(row["config_path"])
    sc["model_cfg"] = os.path.basename(row["config_path"]).replace("-FP8", "").replace(".json", "")
    sc["fmt"] = precision_of(row)
    # block-scaled FP8 (per-128 block scales, DeepGEMM/CUTLASS blockwise/Triton) vs per-tensor FP8
    sc["fp8_block"] = "block" in row["weights_precision"].lower()
    sc["kv_bytes"] = 1 if row["kv_dtype"].upper().startswith("FP8") else 2
    sc["tp"] = row["tp"] or 1
    sc["pp"] = row["pp"] or 1
    sc["ep"] = row["ep"] or 1
    sc["dp_attention"] = bool(row.get("dp_attention"))
    sc["isl"] = row["isl_actual_mean"] or row["isl"]
    sc["osl"] = row["osl_actual_mean"] or row["osl"]
    ds = (row.get("dataset") or "").lower()
    sc["variable_osl"] = "sharegpt" in ds
    kind = row["concurrency_kind"].lower()
    n = row.get("num_requests")
    if n is None:
        for tok in ds.replace(",", " ").split():
            if tok.isdigit() and int(tok) >= 100:
                n = int(tok)
        n = n or 500
    sc["n"] = n
    if kind.startswith("closed-loop"):
        sc["mode"] = "closed"
        sc["conc"] = row["concurrency"]
    elif kind.startswith("open-loop") and str(row["request_rate"]).lower() != "inf":
        sc["mode"] = "open"
        sc["rate"] = float(row["request_rate"])
    else:  # burst, offline, or QPS INF: all requests at once
        sc["mode"] = "burst"
    sc["serve_cmd"] = row.get("serve_command") or ""
    sc["version"] = row.get("engine_version") or ""
    sc["regime"] = regime_of(sc, row)
    sc["arch"] = "ampere" if sc["gpu_key"].startswith("a100") else "post-ampere"
    # CPU scheduling overlapped with GPU work: SGLang overlap scheduler and TRT-LLM (overlap
    # scheduler / C++ executor) by default; vLLM only with --async-scheduling.
    sc["overlap"] = sc["engine"] != "vllm" or "--async-scheduling" in sc["serve_cmd"]
    sc["source"] = ("trtllm-perf-overview" if row["id"].startswith("trtllm014")
                    else "gpustack-" + row["id"].split("-")[1])
    sc["measured"] = row["output_tok_s_total"]
    return sc


def regime_of(sc, row):
    if sc["mode"] == "closed":
        return "closed-loop low conc"
    if sc["mode"] == "open":
        return "open-loop QPS"
    if row["id"].startswith("trtllm014-offline"):
        return "offline max-throughput"
    isl, osl = sc["isl"], sc["osl"]
    if isl / max(osl, 1) >= 10:
        return "burst prefill-heavy"
    return "burst decode-heavy"


# --------------------------------------------------------------------------------------------
# Engine documented defaults (not fitted)
# --------------------------------------------------------------------------------------------
def engine_defaults(sc):
    """max running sequences, prefill chunk tokens, memory accounting."""
    e, gk, gpu = sc["engine"], sc["gpu_key"], sc["gpu"]
    big = gpu["mem_bytes"] >= 70 * GiB
    if e == "vllm":
        # vLLM V1 arg_utils: >=70 GiB and not A100 -> max_num_seqs 1024, server
        # max_num_batched_tokens 8192; else 256 / 2048.  gpu_memory_utilization 0.9 of total.
        hi = big and gk != "a100-80gb"
        cmd = sc["serve_cmd"]
        chunk = 8192 if hi else 2048
        if "--max-num-batched-tokens" in cmd:
            chunk = int(cmd.split("--max-num-batched-tokens")[1].split()[0])
        return dict(max_seqs=1024 if hi else 256, chunk=chunk, frac_total=0.9, frac_free=None)
    if e == "sglang":
        # SGLang mem_fraction_static by TP size (server_args), chunked_prefill_size 8192 on
        # 80-141 GB cards; max_running_requests sized from memory (cap 4096).
        tp = sc["tp"]
        frac = 0.79 if tp >= 16 else 0.81 if tp >= 8 else 0.85 if tp >= 4 else 0.87 if tp >= 2 else 0.88
        return dict(max_seqs=4096, chunk=8192, frac_total=frac, frac_free=None)
    # TensorRT-LLM: max_batch_size 2048, max_num_tokens 8192, KV = 0.9 of free memory.
    return dict(max_seqs=2048, chunk=8192, frac_total=None, frac_free=0.9)
