/** deploy/grafana/open-inbox.json: valid JSON whose panels ask for the metric catalog's names, all of them. */
import { read } from './support/files';

interface Dashboard {
  uid: string;
  panels: { title: string; targets: { expr: string }[] }[];
}

/** The metric names the catalog registers (packages/platform/src/metrics/catalog.ts). */
const catalog = () =>
  [...read('packages/platform/src/metrics/catalog.ts').matchAll(/name: '(inbox_\w+)'/g)].map((m) => m[1]);
/** The series an expression asks for, histogram suffixes folded into their metric. */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\b((?:inbox|nodejs|process)_\w+)/g)].map((m) =>
    m[1].replace(/_(bucket|sum|count)$/, ''),
  );

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(read('deploy/grafana/open-inbox.json')) as Dashboard;
  const asked = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricsIn(t.expr))));

  it('shows every metric of the catalog', () => {
    expect(catalog().length).toBeGreaterThan(10);
    expect(catalog().filter((name) => !asked.has(name))).toEqual([]);
  });

  it('asks only for metrics the processes export', () => {
    const known = new Set([...catalog(), 'nodejs_eventloop_lag_p99_seconds']);
    expect([...asked].filter((name) => !known.has(name))).toEqual([]);
  });
});
