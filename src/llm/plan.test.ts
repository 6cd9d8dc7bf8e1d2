// Download sizes before a download: the hub's tree API (LFS sizes), HEAD when the API is unavailable,
// served files by HEAD, a picked folder by its own sizes; the dtype is the first one whose weights exist.
import { describe, expect, it } from 'vitest';
import { dtypeCandidates, formatBytes, planDownload } from './plan.ts';

const HOST = 'https://hub.example/';
// The shape of GET /api/models/{id}/tree/main[/path]: files with size, LFS files with lfs.size.
const ROOT = [
  { type: 'file', path: 'config.json', size: 700, oid: 'a' },
  { type: 'file', path: 'generation_config.json', size: 240, oid: 'b' },
  {
    type: 'file',
    path: 'tokenizer.json',
    size: 7_031_645,
    oid: 'c',
    lfs: { oid: 'x', size: 7_031_645, pointerSize: 134 },
  },
  { type: 'file', path: 'tokenizer_config.json', size: 7_300, oid: 'd' },
  { type: 'file', path: 'README.md', size: 4_000, oid: 'e' },
  { type: 'directory', path: 'onnx', size: 0, oid: 'f' },
];
const ONNX = [
  { type: 'file', path: 'onnx/model.onnx', size: 134, lfs: { size: 6_200_000_000 } },
  { type: 'file', path: 'onnx/model_q4.onnx', size: 134, lfs: { size: 1_300_000_000 } },
  { type: 'file', path: 'onnx/model_q4f16.onnx', size: 134, lfs: { size: 1_000_000_000 } },
  { type: 'file', path: 'onnx/model_q4f16.onnx_data', size: 134, lfs: { size: 70_000_000 } },
];

function hub(opts: { treeFails?: boolean } = {}) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.includes('/api/models/')) {
      if (opts.treeFails) return new Response('gateway', { status: 502 });
      return Response.json(url.endsWith('/tree/main/onnx') ? ONNX : ROOT);
    }
    const sizes: Record<string, number> = {
      'onnx/model_q4.onnx': 1_300_000_000,
      'config.json': 700,
      'tokenizer.json': 7_031_645,
    };
    const path = url.split('/resolve/main/')[1];
    if (!(path in sizes)) return new Response(null, { status: 404 });
    return new Response(null, { status: 200, headers: { 'content-length': String(sizes[path]) } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

describe('planDownload', () => {
  it('lists the hub files for the best dtype, with LFS sizes and external data, nothing else', async () => {
    const { fetchImpl, calls } = hub();
    const plan = await planDownload(
      { kind: 'hub', id: 'org/coder' },
      dtypeCandidates('webgpu', true),
      { fetchImpl, remoteHost: HOST },
    );
    expect(plan.dtype).toBe('q4f16');
    expect(plan.files.map((f) => f.path).sort()).toEqual([
      'config.json',
      'generation_config.json',
      'onnx/model_q4f16.onnx',
      'onnx/model_q4f16.onnx_data',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    expect(plan.totalBytes).toBe(700 + 240 + 7_031_645 + 7_300 + 1_000_000_000 + 70_000_000);
    expect(plan.partial).toBe(false);
    expect(calls).toEqual([
      `GET ${HOST}api/models/org/coder/tree/main`,
      `GET ${HOST}api/models/org/coder/tree/main/onnx`,
    ]);
  });

  it('without shader-f16 picks q4; on WASM too', async () => {
    const { fetchImpl } = hub();
    expect(
      (
        await planDownload({ kind: 'hub', id: 'o/m' }, dtypeCandidates('webgpu', false), {
          fetchImpl,
          remoteHost: HOST,
        })
      ).dtype,
    ).toBe('q4');
    expect(
      (
        await planDownload({ kind: 'hub', id: 'o/m' }, dtypeCandidates('wasm', false), {
          fetchImpl,
          remoteHost: HOST,
        })
      ).dtype,
    ).toBe('q4');
  });

  it('falls back to HEAD requests when the listing API fails; unknown sizes make it partial', async () => {
    const { fetchImpl, calls } = hub({ treeFails: true });
    const plan = await planDownload({ kind: 'hub', id: 'o/m' }, ['q4f16', 'q4'], {
      fetchImpl,
      remoteHost: HOST,
    });
    expect(plan.dtype).toBe('q4');
    expect(plan.totalBytes).toBe(1_300_000_000 + 700 + 7_031_645);
    expect(calls).toContain(`HEAD ${HOST}o/m/resolve/main/onnx/model_q4f16.onnx`);
    // Files that 404 are left out; none has an unknown size here.
    expect(plan.files.map((f) => f.path)).toEqual([
      'config.json',
      'tokenizer.json',
      'onnx/model_q4.onnx',
    ]);
  });

  it('says plainly when a hub model has no weights for these dtypes', async () => {
    const { fetchImpl } = hub();
    await expect(
      planDownload({ kind: 'hub', id: 'o/m' }, ['fp16'], { fetchImpl, remoteHost: HOST }),
    ).rejects.toThrow('o/m has no text-generation ONNX weights for fp16');
  });

  it('a picked folder: its own file sizes, no network', async () => {
    const file = (n: number) => new Blob([new Uint8Array(n)]);
    const plan = await planDownload(
      {
        kind: 'local',
        name: 'my-model',
        files: [
          { path: 'config.json', file: file(10) },
          { path: 'tokenizer.json', file: file(20) },
          { path: 'onnx/model.onnx', file: file(300) },
          { path: 'onnx/model_fp16.onnx', file: file(150) },
        ],
      },
      ['q4', 'q8', 'fp32'],
      { fetchImpl: (() => Promise.reject(new Error('no network'))) as typeof fetch },
    );
    expect(plan).toEqual({
      dtype: 'fp32',
      files: [
        { path: 'config.json', bytes: 10 },
        { path: 'tokenizer.json', bytes: 20 },
        { path: 'onnx/model.onnx', bytes: 300 },
      ],
      totalBytes: 330,
      partial: false,
    });
  });

  it('formats sizes', () => {
    expect([
      formatBytes(512),
      formatBytes(906_000),
      formatBytes(12_345_678),
      formatBytes(1_070_000_000),
    ]).toEqual(['512 B', '906 KB', '12.3 MB', '1.07 GB']);
  });
});
