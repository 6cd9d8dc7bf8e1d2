#!/usr/bin/python3
"""Writes a random-weight, BERT-shaped ONNX encoder that transformers.js loads as `model_type: "bert"`.

    /usr/bin/python3 scripts/make-bert-onnx.py                      # public/models/tiny-bert (test fixture, committed)
    /usr/bin/python3 scripts/make-bert-onnx.py --layers 6 --hidden 384 --heads 12 --intermediate 1536 \
        --vocab-size 30522 --out bench/out/minilm-shape                # MiniLM-L6 shape (benches)
    /usr/bin/python3 scripts/make-bert-onnx.py --layers 24 --hidden 1024 --heads 16 --intermediate 4096 \
        --vocab-size 30522 --out bench/out/bert-large-shape            # mxbai-embed-large / BERT-large shape

Needs Debian's python3-onnx and python3-numpy (onnx 1.12, opset 17). The graph is a real encoder:
word + position + type embeddings, LayerNorm, then per layer multi-head self-attention (additive mask),
residual + LayerNorm, GELU feed-forward, residual + LayerNorm. Output: last_hidden_state [batch, seq, hidden].
Writes config.json, tokenizer.json (WordPiece), tokenizer_config.json, 1_Pooling/config.json and onnx/model.onnx.
Weights are seeded, so the same arguments give the same bytes.
"""
import argparse
import json
import math
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
# A small English vocabulary: function words (so stopword removal has something to remove),
# words of the test sentences and of code review, punctuation, letters and continuation pieces.
WORDS = """
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
it its itself they them their theirs themselves what which who whom this that these those am is are was were be
been being have has had having do does did doing a an the and but if or because as until while of at by for with
about against between into through during before after above below to from up down in out on off over under again
further then once here there when where why how all any both each few more most other some such no nor not only own
same so than too very s t can will just don should now d ll m o re ve y
function method class variable value list array map string number null none empty input output return returns
returned change changes changed make makes made fix fixes typo readme test tests code review comment please add
added remove removed rename use used new old line file error bug issue check checks missing unused import name
names type types call calls loop index size length default case handle handles exception throw throws catch log
logging debug print true false set get update updated delete create read write open close now also maybe instead
should could would why consider nice good bad looks lgtm thanks doc docs documentation parameter argument
""".split()
PUNCT = list(".,?!;:()[]{}'\"-_=+*/<>#@$%&|`~")
LETTERS = list("abcdefghijklmnopqrstuvwxyz0123456789")


def vocabulary(size):
    vocab = []
    for tok in SPECIAL + PUNCT + LETTERS + ["##" + c for c in LETTERS] + WORDS:
        if tok not in vocab:
            vocab.append(tok)
    # Pad to the requested size with unused pieces (bench models need real-sized embedding tables).
    i = 0
    while len(vocab) < size:
        vocab.append(f"[unused{i}]")
        i += 1
    return vocab


def build(args):
    rng = np.random.default_rng(args.seed)
    vocab = vocabulary(args.vocab_size)
    V, H, L, A, F, P = len(vocab), args.hidden, args.layers, args.heads, args.intermediate, args.max_positions
    assert H % A == 0, "hidden must be a multiple of heads"
    D = H // A
    inits, nodes = [], []

    def w(name, shape, scale=0.02):
        inits.append(numpy_helper.from_array((rng.standard_normal(shape) * scale).astype(np.float32), name))
        return name

    def const(name, value, dtype=np.float32):
        inits.append(numpy_helper.from_array(np.array(value, dtype=dtype), name))
        return name

    def ones(name, n):
        inits.append(numpy_helper.from_array(np.ones(n, np.float32), name))
        return name

    def zeros(name, n):
        inits.append(numpy_helper.from_array(np.zeros(n, np.float32), name))
        return name

    def node(op, inputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
        return name

    def layer_norm(x, prefix):
        return node("LayerNormalization", [x, ones(prefix + ".g", H), zeros(prefix + ".b", H)], prefix, axis=-1, epsilon=1e-12)

    def dense(x, prefix, n_in, n_out):
        mm = node("MatMul", [x, w(prefix + ".W", (n_in, n_out))], prefix + ".mm")
        return node("Add", [mm, zeros(prefix + ".bias", n_out)], prefix)

    # Embeddings. Positions come from the input's shape: Shape -> Gather(1) -> Range.
    word = node("Gather", [w("emb.word", (V, H), 1.0), "input_ids"], "emb.word_out")
    types = node("Gather", [w("emb.type", (2, H), 0.1), "token_type_ids"], "emb.type_out")
    shape = node("Shape", ["input_ids"], "emb.shape")
    seq = node("Gather", [shape, const("c.one_i", 1, np.int64)], "emb.seq", axis=0)
    pos_ids = node("Range", [const("c.zero_i", 0, np.int64), seq, const("c.step_i", 1, np.int64)], "emb.pos_ids")
    pos = node("Gather", [w("emb.pos", (P, H), 0.1), pos_ids], "emb.pos_out")
    x = node("Add", [node("Add", [word, types], "emb.sum1"), pos], "emb.sum2")
    x = layer_norm(x, "emb.ln")

    # Additive attention mask [batch, 1, 1, seq]: 0 where attended, -10000 on padding.
    mask_f = node("Cast", ["attention_mask"], "mask.f", to=TensorProto.FLOAT)
    mask_u = node("Unsqueeze", [mask_f, const("c.axes12", [1, 2], np.int64)], "mask.u")
    mask_bias = node("Mul", [node("Sub", [const("c.one_f", 1.0), mask_u], "mask.inv"), const("c.neg", -10000.0)], "mask.bias")
    split_shape = const("c.split", [0, 0, A, D], np.int64)
    merge_shape = const("c.merge", [0, 0, H], np.int64)
    scale = const("c.scale", 1.0 / math.sqrt(D))

    for i in range(L):
        p = f"l{i}"

        def heads(t, name):
            r = node("Reshape", [t, split_shape], name + ".r")
            return node("Transpose", [r], name + ".t", perm=[0, 2, 1, 3])

        q = heads(dense(x, p + ".q", H, H), p + ".qh")
        k = node("Transpose", [node("Reshape", [dense(x, p + ".k", H, H), split_shape], p + ".kh.r")], p + ".kh.t", perm=[0, 2, 3, 1])
        v = heads(dense(x, p + ".v", H, H), p + ".vh")
        scores = node("Add", [node("Mul", [node("MatMul", [q, k], p + ".qk"), scale], p + ".qk_s"), mask_bias], p + ".qk_m")
        probs = node("Softmax", [scores], p + ".probs", axis=-1)
        ctx = node("MatMul", [probs, v], p + ".ctx")
        ctx = node("Reshape", [node("Transpose", [ctx], p + ".ctx.t", perm=[0, 2, 1, 3]), merge_shape], p + ".ctx.r")
        x = layer_norm(node("Add", [dense(ctx, p + ".o", H, H), x], p + ".res1"), p + ".ln1")
        h = dense(x, p + ".ff1", H, F)
        # GELU (erf form), spelled out because opset 17 has no Gelu op.
        erf = node("Erf", [node("Mul", [h, const(p + ".rsqrt2", 1.0 / math.sqrt(2.0))], p + ".g.div")], p + ".g.erf")
        gelu = node("Mul", [node("Mul", [h, const(p + ".half", 0.5)], p + ".g.half"), node("Add", [erf, const(p + ".g.one", 1.0)], p + ".g.add")], p + ".gelu")
        x = layer_norm(node("Add", [dense(gelu, p + ".ff2", F, H), x], p + ".res2"), p + ".ln2")

    nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"], name="output"))
    ids = lambda n: helper.make_tensor_value_info(n, TensorProto.INT64, ["batch_size", "sequence_length"])
    out = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", H])
    graph = helper.make_graph(nodes, "bert_shaped_encoder", [ids("input_ids"), ids("attention_mask"), ids("token_type_ids")], [out], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="crscore-studio/scripts/make-bert-onnx.py")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model, vocab


def tokenizer_json(vocab, max_len):
    ids = {t: i for i, t in enumerate(vocab)}
    special = lambda t: {"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
    tpl = lambda t: {"SpecialToken": {"id": t, "type_id": 0}}
    return {
        "version": "1.0",
        "truncation": {"direction": "Right", "max_length": max_len, "strategy": "LongestFirst", "stride": 0},
        "padding": None,
        "added_tokens": [special(t) for t in SPECIAL],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [tpl("[CLS]"), {"Sequence": {"id": "A", "type_id": 0}}, tpl("[SEP]")],
            "pair": [tpl("[CLS]"), {"Sequence": {"id": "A", "type_id": 0}}, tpl("[SEP]"), {"Sequence": {"id": "B", "type_id": 1}}, {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {t: {"id": t, "ids": [ids[t]], "tokens": [t]} for t in ["[CLS]", "[SEP]"]},
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100, "vocab": ids},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "public", "models", "tiny-bert"))
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--intermediate", type=int, default=64)
    ap.add_argument("--vocab-size", type=int, default=0, help="pad the vocabulary to this many entries")
    ap.add_argument("--max-positions", type=int, default=128)
    ap.add_argument("--pooling", choices=["mean", "cls"], default="mean", help="written to 1_Pooling/config.json")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    model, vocab = build(args)
    out = os.path.abspath(args.out)
    os.makedirs(os.path.join(out, "onnx"), exist_ok=True)
    os.makedirs(os.path.join(out, "1_Pooling"), exist_ok=True)
    onnx.save(model, os.path.join(out, "onnx", "model.onnx"))

    def dump(name, obj):
        with open(os.path.join(out, name), "w") as f:
            json.dump(obj, f, indent=1)
            f.write("\n")

    dump("config.json", {
        "architectures": ["BertModel"], "model_type": "bert", "vocab_size": len(vocab), "hidden_size": args.hidden,
        "num_hidden_layers": args.layers, "num_attention_heads": args.heads, "intermediate_size": args.intermediate,
        "max_position_embeddings": args.max_positions, "type_vocab_size": 2, "hidden_act": "gelu", "layer_norm_eps": 1e-12,
        "pad_token_id": 0,
    })
    dump("tokenizer_config.json", {
        "tokenizer_class": "BertTokenizer", "do_lower_case": True, "model_max_length": args.max_positions,
        "unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]", "cls_token": "[CLS]", "mask_token": "[MASK]",
        "clean_up_tokenization_spaces": True,
    })
    dump("1_Pooling/config.json", {
        "word_embedding_dimension": args.hidden, "pooling_mode_cls_token": args.pooling == "cls",
        "pooling_mode_mean_tokens": args.pooling == "mean", "pooling_mode_max_tokens": False,
        "pooling_mode_mean_sqrt_len_tokens": False,
    })
    with open(os.path.join(out, "tokenizer.json"), "w") as f:
        json.dump(tokenizer_json(vocab, args.max_positions), f)
    size = os.path.getsize(os.path.join(out, "onnx", "model.onnx"))
    print(f"wrote {out}: {args.layers} layers, hidden {args.hidden}, vocab {len(vocab)}, model.onnx {size} bytes")


if __name__ == "__main__":
    main()
