# Dynamic int8 quantization of an ONNX encoder's MatMul weights, in the layout of onnxruntime's quantize_dynamic
# (DynamicQuantizeLinear + MatMulInteger, int8 per-tensor weights): what transformers.js `q8` files hold.
# onnxruntime's Python package is not in Debian, so this does the same with python3-onnx and numpy only.
#   /usr/bin/python3 scripts/quantize-q8.py IN.onnx OUT.onnx
import sys, numpy as np, onnx
from onnx import helper, numpy_helper, TensorProto
m = onnx.load(sys.argv[1]); g = m.graph
inits = {i.name: i for i in g.initializer}
nodes = []; n_q = 0
for nd in g.node:
    if nd.op_type == 'MatMul' and nd.input[1] in inits and len(inits[nd.input[1]].dims) == 2:
        W = numpy_helper.to_array(inits[nd.input[1]]).astype(np.float32)
        s = max(float(np.abs(W).max()), 1e-8) / 127.0
        Wq = np.clip(np.round(W / s), -127, 127).astype(np.int8)
        b = nd.input[1]; k = f'q{n_q}'; n_q += 1
        g.initializer.extend([numpy_helper.from_array(Wq, b + '_q'), numpy_helper.from_array(np.array(s, np.float32), b + '_s'),
                              numpy_helper.from_array(np.array(0, np.int8), b + '_zp')])
        nodes += [helper.make_node('DynamicQuantizeLinear', [nd.input[0]], [k + 'a', k + 'as', k + 'az']),
                  helper.make_node('MatMulInteger', [k + 'a', b + '_q', k + 'az', b + '_zp'], [k + 'i']),
                  helper.make_node('Cast', [k + 'i'], [k + 'f'], to=TensorProto.FLOAT),
                  helper.make_node('Mul', [k + 'as', b + '_s'], [k + 'sc']),
                  helper.make_node('Mul', [k + 'f', k + 'sc'], [nd.output[0]])]
    else:
        nodes.append(nd)
used = {i for nd in nodes for i in nd.input}
keep = [i for i in g.initializer if i.name in used]
del g.node[:]; g.node.extend(nodes); del g.initializer[:]; g.initializer.extend(keep)
onnx.save(m, sys.argv[2]); print('quantized', n_q, 'MatMuls')
