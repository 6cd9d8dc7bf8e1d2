// RFC 8288 Link headers as GitHub sends them for pagination:
//   <https://api.github.com/...&page=2>; rel="next", <https://api.github.com/...&page=5>; rel="last"

/** rel → URL for every link in the header (a link with several rels, rel="next last", is listed under each). */
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  // Split on commas that start a new <...> link (a URL may itself contain commas).
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*(.*)$/.exec(part);
    if (!m) continue;
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(m[2]);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').trim();
    for (const r of rels.split(/\s+/)) if (r && !(r.toLowerCase() in out)) out[r.toLowerCase()] = m[1];
  }
  return out;
}
