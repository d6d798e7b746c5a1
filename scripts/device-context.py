#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the GPU memory a PyTorch serving process holds outside PyTorch's allocator.

    python3 scripts/device-context.py [--eager] > context.json

The serving engines' start-up rules (core/engine/enginememory.h) charge a CUDA context and
"non-torch" memory: what the device reports used less what PyTorch's caching allocator has
reserved (vLLM's MemorySnapshot, SGLang's get_available_gpu_memory before and after loading).
This script records that quantity on the GPU at hand after each step an engine takes before it
sizes its KV pool: the CUDA context, a cuBLAS GEMM (handle and workspace), an attention kernel,
a CUDA-graph capture and replay. One JSON object on stdout; figures in bytes. Needs PyTorch with
CUDA; never changes GPU settings. --eager: CUDA_MODULE_LOADING=EAGER (every kernel module loaded
with the context, as CUDA before 11.7 and some engines' containers do).
"""
import json
import os
import sys

if "--eager" in sys.argv:
    os.environ["CUDA_MODULE_LOADING"] = "EAGER"

import torch  # noqa: E402  (after the environment is set)
import torch.nn.functional as F  # noqa: E402


def snapshot(step, rows):
    """Appends device-used, PyTorch-reserved and their difference after `step`."""
    torch.cuda.synchronize()
    free, total = torch.cuda.mem_get_info()
    reserved = torch.cuda.memory_reserved()
    rows.append({
        "step": step,
        "device_used_bytes": total - free,
        "torch_reserved_bytes": reserved,
        "non_torch_bytes": total - free - reserved,
    })


def main():
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA device visible to PyTorch"}))
        return 77
    rows = []
    props = torch.cuda.get_device_properties(0)
    torch.zeros(1, device="cuda")
    snapshot("context", rows)
    a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    (a @ b).sum().item()
    snapshot("cublas_gemm_bf16", rows)
    q = torch.randn(8, 32, 4096, 128, device="cuda", dtype=torch.bfloat16)
    F.scaled_dot_product_attention(q, q, q, is_causal=True).sum().item()
    snapshot("sdpa_attention", rows)
    x = torch.randn(256, 8192, device="cuda", dtype=torch.bfloat16)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):
            y = x @ b
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        y = x @ b
    graph.replay()
    snapshot("cuda_graph_gemm", rows)
    del a, b, q, x, y, graph
    torch.cuda.empty_cache()
    snapshot("after_empty_cache", rows)
    free, total = torch.cuda.mem_get_info()
    print(json.dumps({
        "device": props.name,
        "total_bytes": total,
        "sm_count": props.multi_processor_count,
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "module_loading": os.environ.get("CUDA_MODULE_LOADING", "default (lazy)"),
        "steps": rows,
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
