/**
 * What the processes' /metrics said over a fault run. A counter lives as long as its process, so a
 * process about to be killed is scraped first (`scrapeBeforeKill`) and that incarnation's last
 * figures are kept; sums add every incarnation of every process.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The Prometheus text format, as far as prom-client writes it (no timestamps, no exemplars). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL))
      labels[key] = value.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

export class MetricsRecord {
  /** Per process name: the last scrape of each incarnation that was killed. */
  private readonly retired = new Map<string, Sample[][]>();
  /** Per process name: the last scrape of the running incarnation. */
  private readonly current = new Map<string, Sample[]>();
  /** Processes whose /metrics did not answer at their last scrape, with why. */
  readonly unanswered = new Map<string, string>();

  constructor(private readonly urls: () => Record<string, string>) {}

  /** Scrapes the named processes (default: all); a process that does not answer keeps its last scrape. */
  async scrape(names?: string[]): Promise<void> {
    const urls = this.urls();
    await Promise.all(
      (names ?? Object.keys(urls)).map(async (name) => {
        const url = urls[name];
        if (!url) throw new Error(`no /metrics known for ${name}`);
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          this.current.set(name, parseMetrics(await res.text()));
          this.unanswered.delete(name);
        } catch (error) {
          this.unanswered.set(name, String((error as { message?: unknown }).message ?? error));
        }
      }),
    );
  }

  /** Scrapes `name` once more, then files that incarnation's figures away: call right before a kill. */
  async scrapeBeforeKill(name: string): Promise<void> {
    await this.scrape([name]);
    const last = this.current.get(name);
    if (last) this.retired.set(name, [...(this.retired.get(name) ?? []), last]);
    this.current.delete(name);
  }

  /** Every sample of every incarnation of the processes `of` selects (default: all). */
  samples(
    metric: string,
    of: (process: string) => boolean = () => true,
  ): Array<Sample & { process: string }> {
    const all: Array<Sample & { process: string }> = [];
    const add = (process: string, samples: Sample[]) => {
      for (const s of samples) if (s.name === metric) all.push({ ...s, process });
    };
    for (const [process, incarnations] of this.retired)
      if (of(process)) for (const s of incarnations) add(process, s);
    for (const [process, samples] of this.current) if (of(process)) add(process, samples);
    return all;
  }

  /** The sum of `metric` over the samples whose labels `where` accepts, every incarnation. */
  sum(
    metric: string,
    where: (labels: Record<string, string>) => boolean = () => true,
    of?: (process: string) => boolean,
  ): number {
    return this.samples(metric, of)
      .filter((s) => where(s.labels))
      .reduce((total, s) => total + s.value, 0);
  }

  /** A gauge as the running incarnations last reported it, summed over the samples `where` accepts. */
  gauge(metric: string, where: (labels: Record<string, string>) => boolean = () => true): number {
    let total = 0;
    for (const samples of this.current.values())
      for (const s of samples) if (s.name === metric && where(s.labels)) total += s.value;
    return total;
  }
}
