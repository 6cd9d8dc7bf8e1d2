#!/usr/bin/python3
"""Writes a random-weight causal language model of the Qwen2 architecture that transformers.js loads as
`model_type: "qwen2"` (text generation with a KV cache), with a byte-level BPE tokenizer and a chat template.

    /usr/bin/python3 scripts/make-qwen2-onnx.py                     # public/models/tiny-qwen2 (test fixture, committed)
    /usr/bin/python3 scripts/make-qwen2-onnx.py --scripted-answer --out public/models/tiny-qwen2-claims
    /usr/bin/python3 scripts/make-qwen2-onnx.py --layers 24 --hidden 896 --heads 14 --kv-heads 2 \
        --intermediate 4864 --vocab-size 32000 --out bench/out/qwen2-0.5b-shape   # Qwen2.5-0.5B shape (bench)

Needs Debian's python3-onnx and python3-numpy (onnx 1.12, opset 17). The graph is the real decoder:
token embedding; per layer RMSNorm, q/k/v projections (with bias) and o projection (without), rotary position
embeddings (rotate-half, rope_theta) on q and k, grouped-query attention (kv heads shared by groups of query
heads), causal + padding mask, the KV cache (past_key_values.N.key/value in, present.N.key/value out, concatenated
on the sequence axis), residual, RMSNorm, SwiGLU MLP, residual; final RMSNorm and lm_head. Inputs and outputs use
the names of Optimum's exports that transformers.js expects: input_ids, attention_mask, position_ids,
past_key_values.N.{key,value} [batch, kv_heads, past_len, head_dim] -> logits, present.N.{key,value}.

--scripted-answer adds one thing to the random model: a successor table that adds +100 to the logit of a fixed
next token after certain tokens, so greedy decoding writes a fixed, plausible small-model answer (a preamble,
markdown headings, numbered claims and implications) after the chat template's "assistant\\n". It lets a test
see parsed claims from a model that has no knowledge; the transformer underneath is the same.
Weights are seeded, so the same arguments give the same bytes.
"""
import argparse
import json
import os
import re
from collections import Counter

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{% if loop.first and messages[0]['role'] != 'system' %}"
    "{{ '<|im_start|>system\\nYou are a helpful assistant.<|im_end|>\\n' }}{% endif %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
# What --scripted-answer makes greedy decoding write: one added token per line, the way small models answer.
SCRIPTED_LINES = [
    "Sure! Here is a summary of the code changes.\n\n",
    "### Summary of changes\n",
    "1. The diff changes the lines shown in the hunk.\n",
    "2. Removed lines are replaced by the added lines.\n\n",
    "### Implications\n",
    "1. Callers of the changed code may behave differently.\n",
]
# Text the BPE merges are learned from: the claims prompt, code and review words.
CORPUS = """
Summarize the code changes in the GIT DIFF below and their possible implications. Make two sections called
"summary of changes" and "implications" and write numbered points under each section. Don't make the points
hierarchical. Answer with only a JSON object of the form {"claims": ["..."], "implications": ["..."]}.
GIT DIFF: Lines removed: Lines added: Summary of changes: JSON:
def function return self value None True False import from class if else elif for while in not and or
public private static void int String boolean new null this const let var function => return
The function now checks the input and returns early when the value is missing. Renamed the variable.
Added a test for the error case. Removed the unused import. The change may break callers that rely on the old
behaviour. Implications: performance, readability, correctness, security, error handling, logging.
diff --git a/src/main.py b/src/main.py index --- +++ @@ -1,4 +1,5 @@
"""


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, [chr(c) for c in cs]))


def learn_bpe(n_merges):
    """A small byte-level BPE learned on CORPUS: vocab (256 bytes + merges) and the ranked merges."""
    b2u = bytes_to_unicode()
    # GPT-2-like pre-tokenization (words with their leading space, numbers, punctuation runs, spaces).
    words = re.findall(r"'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+(?!\S)|\s+", CORPUS * 3)
    freq = Counter(tuple(b2u[b] for b in w.encode("utf-8")) for w in words)
    vocab = [b2u[b] for b in range(256)]
    merges = []
    for _ in range(n_merges):
        pairs = Counter()
        for w, f in freq.items():
            for a, b in zip(w, w[1:]):
                pairs[(a, b)] += f
        if not pairs:
            break
        (a, b), count = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
        if count < 2:
            break
        merges.append(f"{a} {b}")
        vocab.append(a + b)
        new = Counter()
        for w, f in freq.items():
            out, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and w[i] == a and w[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            new[tuple(out)] += f
        freq = new
    return vocab, merges


def build_vocab(args):
    vocab, merges = learn_bpe(args.merges)
    i = 0
    while len(vocab) < args.vocab_size - len(SPECIAL) - len(SCRIPTED_LINES):
        vocab.append(f"<|unused{i}|>")  # bench shapes need real-sized embedding tables
        i += 1
    added = SPECIAL + SCRIPTED_LINES
    return vocab, merges, added


def build_model(args, V, succ):
    rng = np.random.default_rng(args.seed)
    H, L, NH, KV, F = args.hidden, args.layers, args.heads, args.kv_heads, args.intermediate
    assert H % NH == 0 and NH % KV == 0
    D = H // NH
    G = NH // KV
    inits, nodes = [], []
    counter = [0]

    def w(name, shape, scale):
        inits.append(numpy_helper.from_array((rng.standard_normal(shape) * scale).astype(np.float32), name))
        return name

    def const(name, value, dtype=np.float32):
        inits.append(numpy_helper.from_array(np.array(value, dtype=dtype), name))
        return name

    def node(op, inputs, name=None, **attrs):
        if name is None:
            counter[0] += 1
            name = f"{op.lower()}_{counter[0]}"
        nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
        return name

    def rms_norm(x, prefix):
        g = const(prefix + ".weight", np.ones(H, np.float32))
        var = node("ReduceMean", [node("Mul", [x, x])], axes=[-1], keepdims=1)
        inv = node("Reciprocal", [node("Sqrt", [node("Add", [var, eps])])])
        return node("Mul", [node("Mul", [x, inv]), g], prefix)

    def linear(x, prefix, n_in, n_out, bias):
        y = node("MatMul", [x, w(prefix + ".weight", (n_in, n_out), 1.0 / np.sqrt(n_in))])
        return node("Add", [y, w(prefix + ".bias", (n_out,), 0.02)]) if bias else y

    eps = const("c.eps", args.rms_eps)
    # Rotary tables [max_pos, D/2]: angle = pos * theta^(-2i/D).
    inv_freq = 1.0 / (args.rope_theta ** (np.arange(0, D, 2, dtype=np.float64) / D))
    angles = np.outer(np.arange(args.max_positions, dtype=np.float64), inv_freq)
    cos_t = const("rope.cos", np.cos(angles).astype(np.float32))
    sin_t = const("rope.sin", np.sin(angles).astype(np.float32))
    axis1 = const("c.axis1", [1], np.int64)
    cos = node("Unsqueeze", [node("Gather", [cos_t, "position_ids"]), axis1], "rope.cos_b")  # [B,1,S,D/2]
    sin = node("Unsqueeze", [node("Gather", [sin_t, "position_ids"]), axis1], "rope.sin_b")
    half = const("c.half_split", [D // 2, D // 2], np.int64)

    def rope(x):  # x [B, heads, S, D]
        nodes.append(helper.make_node("Split", [x, half], [x + ".x1", x + ".x2"], name=x + ".split", axis=-1))
        x1, x2 = x + ".x1", x + ".x2"
        r1 = node("Sub", [node("Mul", [x1, cos]), node("Mul", [x2, sin])])
        r2 = node("Add", [node("Mul", [x2, cos]), node("Mul", [x1, sin])])
        return node("Concat", [r1, r2], axis=-1)

    # Mask [B,1,1,S,T] for scores laid out [B, KV, G, S, T]: key j is visible to query i when
    # j <= past_len + i (causal) and attention_mask[b, j] == 1 (padding).
    ids_shape = node("Shape", ["input_ids"], "m.ids_shape")
    S = node("Gather", [ids_shape, const("c.idx1", 1, np.int64)], "m.S", axis=0)
    T = node("Gather", [node("Shape", ["attention_mask"], "m.am_shape"), const("c.idx1b", 1, np.int64)], "m.T", axis=0)
    past = node("Sub", [T, S], "m.past")
    one = const("c.one_i", 1, np.int64)
    qpos = node("Range", [past, T, one], "m.qpos")
    kpos = node("Range", [const("c.zero_i", 0, np.int64), T, one], "m.kpos")
    causal = node("LessOrEqual", [node("Unsqueeze", [kpos, const("c.ax0", [0], np.int64)]),
                                  node("Unsqueeze", [qpos, const("c.ax1", [1], np.int64)])], "m.causal")  # [S,T]
    pad = node("Unsqueeze", [node("Cast", ["attention_mask"], to=TensorProto.BOOL), const("c.ax123", [1, 2, 3], np.int64)], "m.pad")
    allowed = node("And", [causal, pad], "m.allowed")  # [B,1,1,S,T]
    mask = node("Where", [allowed, const("c.zero_f", 0.0), const("c.neg", -1e9)], "m.bias")
    scale = const("c.scale", 1.0 / np.sqrt(D))
    T1 = node("Unsqueeze", [T, const("c.ax0b", [0], np.int64)], "m.T1")
    shape5 = node("Concat", [const("c.s5", [0, KV, G, -1], np.int64), T1], "m.shape5", axis=0)
    shape4 = node("Concat", [const("c.s4", [0, KV, -1], np.int64), T1], "m.shape4", axis=0)
    heads_q = const("c.heads_q", [0, 0, NH, D], np.int64)
    heads_kv = const("c.heads_kv", [0, 0, KV, D], np.int64)
    group_q = const("c.group_q", [0, KV, -1, D], np.int64)
    back_q = const("c.back_q", [0, NH, -1, D], np.int64)
    merge = const("c.merge", [0, 0, H], np.int64)

    x = node("Gather", [w("embed_tokens", (V, H), 1.0), "input_ids"], "embed")
    inputs = [
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch_size", "sequence_length"]),
        helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch_size", "total_sequence_length"]),
        helper.make_tensor_value_info("position_ids", TensorProto.INT64, ["batch_size", "sequence_length"]),
    ]
    outputs = []
    for i in range(L):
        p = f"layers.{i}"
        h = rms_norm(x, p + ".input_layernorm")
        q = node("Transpose", [node("Reshape", [linear(h, p + ".q_proj", H, NH * D, True), heads_q])], perm=[0, 2, 1, 3])
        k = node("Transpose", [node("Reshape", [linear(h, p + ".k_proj", H, KV * D, True), heads_kv])], perm=[0, 2, 1, 3])
        v = node("Transpose", [node("Reshape", [linear(h, p + ".v_proj", H, KV * D, True), heads_kv])], perm=[0, 2, 1, 3])
        q, k = rope(q), rope(k)
        for kind, t in (("key", k), ("value", v)):
            inputs.append(helper.make_tensor_value_info(f"past_key_values.{i}.{kind}", TensorProto.FLOAT, ["batch_size", KV, "past_sequence_length", D]))
            outputs.append(helper.make_tensor_value_info(f"present.{i}.{kind}", TensorProto.FLOAT, ["batch_size", KV, "total_sequence_length", D]))
            nodes.append(helper.make_node("Concat", [f"past_key_values.{i}.{kind}", t], [f"present.{i}.{kind}"], name=f"{p}.cat_{kind}", axis=2))
        # Grouped-query attention without repeating k/v: query heads kv*G+g share kv head kv, so
        # [B,NH,S,D] -> [B,KV,G*S,D] attends to [B,KV,T,D] directly.
        qg = node("Reshape", [q, group_q])
        scores = node("Mul", [node("MatMul", [qg, node("Transpose", [f"present.{i}.key"], perm=[0, 1, 3, 2])]), scale])
        scores = node("Add", [node("Reshape", [scores, shape5]), mask])  # [B,KV,G,S,T]
        probs = node("Reshape", [node("Softmax", [scores], axis=-1), shape4])  # [B,KV,G*S,T]
        ctx = node("Reshape", [node("MatMul", [probs, f"present.{i}.value"]), back_q])  # [B,NH,S,D]
        ctx = node("Reshape", [node("Transpose", [ctx], perm=[0, 2, 1, 3]), merge])
        x = node("Add", [x, linear(ctx, p + ".o_proj", NH * D, H, False)], p + ".res1")
        h = rms_norm(x, p + ".post_attention_layernorm")
        gate = linear(h, p + ".mlp.gate_proj", H, F, False)
        up = linear(h, p + ".mlp.up_proj", H, F, False)
        act = node("Mul", [node("Mul", [gate, node("Sigmoid", [gate])]), up])
        x = node("Add", [x, linear(act, p + ".mlp.down_proj", F, H, False)], p + ".res2")
    x = rms_norm(x, "norm")
    logits = node("MatMul", [x, w("lm_head", (H, V), 3.0 / np.sqrt(H))], "logits.lm")
    if succ is not None:
        nxt = node("Gather", [const("scripted.next", succ, np.int64), "input_ids"], "scripted.nxt")
        hit = node("Equal", [node("Unsqueeze", [nxt, const("c.axm1", [-1], np.int64)]), node("Range", [const("c.z", 0, np.int64), const("c.V", V, np.int64), one])])
        logits = node("Add", [logits, node("Mul", [node("Cast", [hit], to=TensorProto.FLOAT), const("c.hundred", 100.0)])], "logits.scripted")
    nodes.append(helper.make_node("Identity", [logits], ["logits"], name="logits"))
    outputs.insert(0, helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch_size", "sequence_length", V]))
    graph = helper.make_graph(nodes, "qwen2_shaped_decoder", inputs, outputs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="crscore-studio/scripts/make-qwen2-onnx.py")
    model.ir_version = 8
    return model


def tokenizer_files(vocab, merges, added, max_len):
    n = len(vocab)
    added_entries = [
        {"id": n + j, "content": t, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": t in SPECIAL}
        for j, t in enumerate(added)
    ]
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": True}
    tok = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added_entries,
        "normalizer": {"type": "NFC"},
        "pre_tokenizer": byte_level,
        "post_processor": byte_level,
        "decoder": byte_level,
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "", "end_of_word_suffix": "",
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": {t: i for i, t in enumerate(vocab)}, "merges": merges},
    }
    cfg = {
        "tokenizer_class": "Qwen2Tokenizer",
        "chat_template": CHAT_TEMPLATE,
        "bos_token": None,
        "eos_token": "<|im_end|>",
        "pad_token": "<|endoftext|>",
        "unk_token": None,
        "model_max_length": max_len,
        "clean_up_tokenization_spaces": False,
        "errors": "replace",
        "split_special_tokens": False,
        "added_tokens_decoder": {str(e["id"]): {k: v for k, v in e.items() if k != "id"} for e in added_entries},
    }
    return tok, cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--kv-heads", type=int, default=2)
    ap.add_argument("--intermediate", type=int, default=128)
    ap.add_argument("--vocab-size", type=int, default=0, help="0: just the learned BPE vocabulary")
    ap.add_argument("--merges", type=int, default=400)
    ap.add_argument("--max-positions", type=int, default=4096)
    ap.add_argument("--rope-theta", type=float, default=1000000.0)
    ap.add_argument("--rms-eps", type=float, default=1e-6)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--scripted-answer", action="store_true")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "public", "models", "tiny-qwen2"))
    args = ap.parse_args()

    vocab, merges, added = build_vocab(args)
    V = len(vocab) + len(added)
    ids = {t: i for i, t in enumerate(vocab)}
    ids.update({t: len(vocab) + j for j, t in enumerate(added)})
    succ = None
    if args.scripted_answer:
        succ = np.full(V, -1, np.int64)
        chain = [ids["Ċ"]] + [ids[t] for t in SCRIPTED_LINES] + [ids["<|im_end|>"]]
        for a, b in zip(chain, chain[1:]):
            succ[a] = b
    model = build_model(args, V, succ)
    onnx.checker.check_model(model)

    os.makedirs(os.path.join(args.out, "onnx"), exist_ok=True)
    onnx.save(model, os.path.join(args.out, "onnx", "model.onnx"))
    eos = [ids["<|im_end|>"], ids["<|endoftext|>"]]
    config = {
        "architectures": ["Qwen2ForCausalLM"],
        "model_type": "qwen2",
        "hidden_size": args.hidden,
        "intermediate_size": args.intermediate,
        "num_attention_heads": args.heads,
        "num_key_value_heads": args.kv_heads,
        "num_hidden_layers": args.layers,
        "vocab_size": V,
        "max_position_embeddings": args.max_positions,
        "rms_norm_eps": args.rms_eps,
        "rope_theta": args.rope_theta,
        "hidden_act": "silu",
        "tie_word_embeddings": False,
        "bos_token_id": ids["<|endoftext|>"],
        "eos_token_id": ids["<|im_end|>"],
        "torch_dtype": "float32",
        "use_cache": True,
    }
    # Like the real Qwen2.5 instruct models: sampling on by default, so the app must ask for greedy itself.
    generation = {"bos_token_id": ids["<|endoftext|>"], "eos_token_id": eos, "pad_token_id": ids["<|endoftext|>"],
                  "do_sample": True, "temperature": 0.7, "top_p": 0.8, "top_k": 20, "repetition_penalty": 1.05}
    tok, tok_cfg = tokenizer_files(vocab, merges, added, args.max_positions)
    for name, obj in (("config.json", config), ("generation_config.json", generation), ("tokenizer.json", tok), ("tokenizer_config.json", tok_cfg)):
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=1 if name != "tokenizer.json" else None)
            f.write("\n")
    print(f"wrote {args.out}: {args.layers} layers x {args.hidden}, {args.heads} heads / {args.kv_heads} kv heads, vocab {V}")


if __name__ == "__main__":
    main()
