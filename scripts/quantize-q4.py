# 4-bit block quantization of an ONNX decoder's MatMul weights into com.microsoft MatMulNBits (bits 4, block 32,
# symmetric, no zero-point input: ORT then uses 8), the operator transformers.js's q4 files use, so the benches
# can run a 0.5B-shaped model that fits the WASM heap. With python3-onnx and numpy only.
#   /usr/bin/python3 scripts/quantize-q4.py IN.onnx OUT.onnx
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

BLOCK = 32
m = onnx.load(sys.argv[1])
g = m.graph
inits = {i.name: i for i in g.initializer}
nodes = []
n_q = 0
for nd in g.node:
    w = inits.get(nd.input[1]) if nd.op_type == 'MatMul' and len(nd.input) > 1 else None
    if w is None or len(w.dims) != 2 or w.dims[0] % BLOCK:
        nodes.append(nd)
        continue
    W = numpy_helper.to_array(w).astype(np.float32)  # [K, N]
    K, N = W.shape
    blocks = W.T.reshape(N, K // BLOCK, BLOCK)  # per output column, blocks along K
    scale = np.maximum(np.abs(blocks).max(axis=2), 1e-8) / 7.0
    q = np.clip(np.round(blocks / scale[..., None]) + 8, 0, 15).astype(np.uint8)
    packed = (q[..., 0::2] | (q[..., 1::2] << 4)).astype(np.uint8)  # low nibble first
    b = nd.input[1]
    g.initializer.extend([
        numpy_helper.from_array(packed, b + '_q4'),
        numpy_helper.from_array(scale.reshape(-1).astype(np.float32), b + '_scales'),
    ])
    nodes.append(helper.make_node('MatMulNBits', [nd.input[0], b + '_q4', b + '_scales'], list(nd.output),
                                  name=nd.name or f'q4_{n_q}', domain='com.microsoft', K=K, N=N, bits=4, block_size=BLOCK))
    n_q += 1
used = {i for nd in nodes for i in nd.input}
keep = [i for i in g.initializer if i.name in used]
del g.node[:]
g.node.extend(nodes)
del g.initializer[:]
g.initializer.extend(keep)
m.opset_import.append(helper.make_opsetid('com.microsoft', 1))
onnx.save(m, sys.argv[2])
print('quantized', n_q, 'MatMuls to 4 bits')
