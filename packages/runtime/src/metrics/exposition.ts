/**
 * Prometheus text exposition format (version 0.0.4) read into prom-client's JSON shape, so that
 * text produced by another exporter (BullMQ's `Queue.exportPrometheusMetrics()`) can be merged
 * with prom-client registries by `AggregatorRegistry.aggregate` and served as one valid document
 * (each family once, with one `# HELP` and one `# TYPE` line).
 */

/** A metric type as written in a `# TYPE` line. */
export type ExpositionType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

/** One sample of a family; `metricName` is set when it differs from the family (`_bucket`, `_sum`, `_count`). */
export interface ExpositionValue {
  labels: Record<string, string>;
  value: number;
  metricName?: string;
}

/** One metric family, in the shape of prom-client's `getMetricsAsJSON()` items. */
export interface MetricFamily {
  name: string;
  help: string;
  type: ExpositionType;
  /** How `AggregatorRegistry.aggregate` combines equal label sets from several sources. */
  aggregator: 'sum';
  values: ExpositionValue[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?[ \\t]+(\\S+)(?:[ \\t]+-?\\d+)?[ \\t]*$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const TYPES: readonly string[] = ['counter', 'gauge', 'histogram', 'summary', 'untyped'];
const SUFFIXES: Partial<Record<ExpositionType, string[]>> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
};

const unescapeHelp = (s: string) => s.replace(/\\([\\n])/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));
const unescapeLabel = (s: string) => s.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));

function parseValue(raw: string, line: string): number {
  if (raw === '+Inf' || raw === 'Inf') return Infinity;
  if (raw === '-Inf') return -Infinity;
  if (raw === 'NaN') return NaN;
  const n = Number(raw);
  if (raw === '' || Number.isNaN(n)) throw new Error(`not a sample value: ${line}`);
  return n;
}

function parseLabels(body: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (body.trim() === '') return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < body.length) {
    const m = LABEL.exec(body);
    if (!m) throw new Error(`malformed labels: ${line}`);
    if (m[1]! in labels) throw new Error(`duplicate label ${m[1]}: ${line}`);
    labels[m[1]!] = unescapeLabel(m[2]!);
  }
  return labels;
}

/**
 * Parses Prometheus text exposition format into metric families (prom-client's JSON shape).
 * A sample belongs to the family declared before it whose name it carries (histograms and
 * summaries: with `_bucket`, `_sum` or `_count`); a sample without a declaration starts an
 * `untyped` family. Timestamps are dropped.
 * @throws Error naming the offending line when a line is not valid exposition format
 */
export function parseExposition(text: string): MetricFamily[] {
  const families = new Map<string, MetricFamily>();
  const family = (name: string): MetricFamily => {
    let f = families.get(name);
    if (!f) {
      f = { name, help: '', type: 'untyped', aggregator: 'sum', values: [] };
      families.set(name, f);
    }
    return f;
  };
  let current: MetricFamily | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!m) continue; // a plain comment
      if (!new RegExp(`^${NAME}$`).test(m[2]!)) throw new Error(`bad metric name: ${line}`);
      current = family(m[2]!);
      if (m[1] === 'HELP') current.help = unescapeHelp(m[3] ?? '');
      else {
        const type = (m[3] ?? '').trim();
        if (!TYPES.includes(type)) throw new Error(`unknown metric type: ${line}`);
        current.type = type as ExpositionType;
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const name = m[1]!;
    const labels = parseLabels(m[2] ?? '', line);
    const value = parseValue(m[3]!, line);
    const owner =
      current && (current.name === name || (SUFFIXES[current.type] ?? []).some((s) => current!.name + s === name))
        ? current
        : (current = family(name));
    owner.values.push(owner.name === name ? { labels, value } : { labels, value, metricName: name });
  }
  return [...families.values()];
}
