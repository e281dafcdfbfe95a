import type { Measurement } from './measure-rounds.js';

/** A measurement other lines are compared with; it is printed as `1.00×`. */
export interface Baseline {
  /** Short name used in ratios, e.g. `2.41× raw read`. */
  readonly label: string;
  readonly measurement: Measurement;
}

/**
 * The outcome of a target (a limit a benchmark must stay under), of a target that could not be
 * measured this run (`unmeasured`: a peer tool is missing), or of a correctness check.
 */
export type TargetOutcome =
  | (OutcomeBase & {
      readonly kind: 'target' | 'unmeasured';
      /** Its row of the results table: the measured figure, its baseline and the value held to the goal. */
      readonly row: TargetRow;
    })
  | (OutcomeBase & { readonly kind: 'check' });

interface OutcomeBase {
  readonly benchmark: string;
  readonly description: string;
  readonly met: boolean;
}

/** One row of the results table `npm run bench` prints at the end. */
export interface TargetRow {
  /** What was measured, e.g. `skilldock skills add, 200 skills (median)`. */
  readonly figure: string;
  /** Its value, e.g. `412 ms`. */
  readonly value: string;
  /** What it is compared with, measured in the same run, e.g. `skills CLI 1,204 ms`. */
  readonly baseline: string;
  /** The value held to the goal (`2.92×`, `0.34×`, `31.0 ms`), or why there is none. */
  readonly actual: string;
  /** The goal, e.g. `≥ 3× faster`. */
  readonly goal: string;
}

/** The figures of a target's table row, given to {@link BenchmarkReport.target}. */
export interface TargetFigures {
  readonly figure: string;
  readonly value: string;
  readonly baseline: string;
  readonly goal: string;
  /** How the actual value is shown when it is not the limit's own unit (e.g. a speed-up). */
  readonly actual?: string;
}

/** How a target's actual value is shown: a duration in milliseconds or a ratio. */
export type TargetUnit = 'ms' | 'ratio';

const LABEL_WIDTH = 62;

/**
 * Prints one benchmark's lines in a fixed layout — absolute medians, ratios against a baseline
 * measured in the same run, and a `met` / `NOT met` mark per target — and remembers the targets so
 * the runner can decide its exit code. Lives as long as one benchmark run.
 * @example
 * const report = new BenchmarkReport('discover');
 * const read = report.baseline('raw read of every SKILL.md', readMeasurement, 'raw read');
 * report.measurement('cold discover', coldMeasurement, read);
 * report.target('cold ≤ 3× raw read', coldMeasurement.median / read.measurement.median, 3, 'ratio');
 */
export class BenchmarkReport {
  readonly #benchmark: string;
  readonly #write: (line: string) => void;
  readonly #targets: TargetOutcome[] = [];

  constructor(
    benchmark: string,
    write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {
    this.#benchmark = benchmark;
    this.#write = write;
  }

  /** Targets and checks so far, in order. */
  get targets(): readonly TargetOutcome[] {
    return this.#targets;
  }

  /** A section title. */
  heading(text: string): void {
    this.#write(`${this.#benchmark}: ${text}`);
  }

  /** A free-form indented line (set-up facts, correctness checks, profile rows). */
  note(text: string): void {
    this.#write(`  ${text}`);
  }

  /**
   * Prints a baseline line (`1.00× = <name>`) and returns it for later comparisons; `name` is the
   * short name the ratios of later lines refer to.
   */
  baseline(label: string, measurement: Measurement, name: string): Baseline {
    this.#write(`  ${formatRow(label, measurement, `1.00× = ${name} (baseline)`)}`);
    return { label: name, measurement };
  }

  /** Prints a measurement, with its ratio to `baseline` when given. */
  measurement(label: string, measurement: Measurement, baseline?: Baseline): void {
    const ratio =
      baseline === undefined
        ? ''
        : `${formatRatio(measurement.median / baseline.measurement.median)} ${baseline.label}`;
    this.#write(`  ${formatRow(label, measurement, ratio)}`);
  }

  /** A line that could not be measured, and why. */
  skipped(label: string, reason: string): void {
    this.#write(`  ${label.padEnd(LABEL_WIDTH)} skipped: ${reason}`);
  }

  /**
   * Checks `actual ≤ limit`, prints `target <description>: <value> (baseline <baseline>) → <actual>,
   * goal <goal> … met` (or `NOT met`) — the same figures as its row in the results table — and
   * records the outcome.
   */
  target(
    description: string,
    actual: number,
    limit: number,
    unit: TargetUnit,
    figures: TargetFigures,
  ): TargetOutcome {
    const met = actual <= limit;
    const shown = unit === 'ms' ? formatMilliseconds(actual) : formatRatio(actual);
    const row: TargetRow = {
      figure: figures.figure,
      value: figures.value,
      baseline: figures.baseline ?? '',
      actual: figures.actual ?? shown,
      goal: figures.goal,
    };
    this.#write(`target ${this.#benchmark} ${description}: ${describeRow(row)} … ${met ? 'met' : 'NOT met'}`);
    const outcome: TargetOutcome = { kind: 'target', benchmark: this.#benchmark, description, met, row };
    this.#targets.push(outcome);
    return outcome;
  }

  /**
   * A target that could not be measured this run, and why (a peer tool that is not installed): it
   * still gets its row in the results table, marked `not measured`, and counts as neither met nor missed.
   */
  unmeasured(description: string, figures: Omit<TargetFigures, 'actual'>, reason: string): TargetOutcome {
    this.#write(`target ${this.#benchmark} ${description}: not measured (${reason})`);
    const outcome: TargetOutcome = {
      kind: 'unmeasured',
      benchmark: this.#benchmark,
      description,
      met: false,
      row: {
        figure: figures.figure,
        value: figures.value,
        baseline: figures.baseline ?? '',
        actual: reason,
        goal: figures.goal,
      },
    };
    this.#targets.push(outcome);
    return outcome;
  }

  /**
   * Records a correctness check (the benchmark measured the right work), printed as
   * `check <description>: ok` or `check <description>: FAILED (<detail>)`.
   */
  check(description: string, ok: boolean, detail?: string): TargetOutcome {
    const failure = detail === undefined ? 'FAILED' : `FAILED (${detail})`;
    this.#write(`check ${this.#benchmark} ${description}: ${ok ? 'ok' : failure}`);
    const outcome = { kind: 'check' as const, benchmark: this.#benchmark, description, met: ok };
    this.#targets.push(outcome);
    return outcome;
  }
}

/** `412 ms (baseline skills CLI 1,204 ms) → 2.92× faster, goal ≥ 3× faster`, without repeating a value. */
function describeRow(row: TargetRow): string {
  const baseline = row.baseline === '' ? '' : ` (baseline ${row.baseline})`;
  const actual = row.actual === row.value ? '' : ` → ${row.actual}`;
  return `${row.value}${baseline}${actual}, goal ${row.goal}`;
}

function formatRow(label: string, measurement: Measurement, suffix: string): string {
  const rounds = `n=${measurement.samples.length}`.padStart(5);
  return `${label.padEnd(LABEL_WIDTH)} median ${formatMilliseconds(measurement.median).padStart(11)}  min ${formatMilliseconds(measurement.minimum).padStart(11)} ${rounds}  ${suffix}`.trimEnd();
}

/** `12.3 ms`, `1,234 ms`: one decimal below 100 ms, whole milliseconds above. */
export function formatMilliseconds(value: number): string {
  return value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value).toLocaleString('en-US')} ms`;
}

/** `2.47×`. */
export function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`;
}

/**
 * The one results table `npm run bench` prints at the end: a row per target of every benchmark
 * that ran — the figure, its baseline from the same run, the value held to the goal, the goal and
 * whether it was met — as Markdown, so the README can show it as printed.
 * @example process.stdout.write(formatResultsTable(outcomes));
 */
export function formatResultsTable(outcomes: readonly TargetOutcome[]): string {
  const rows = outcomes
    .flatMap((outcome) => (outcome.kind === 'check' ? [] : [outcome]))
    .map((outcome) => {
      const { row } = outcome;
      const mark = outcome.kind === 'unmeasured' ? 'not measured' : outcome.met ? 'yes' : '**no**';
      return [outcome.benchmark, row.figure, row.value, row.baseline, row.actual, row.goal, mark];
    });
  const header = ['benchmark', 'figure', 'value', 'baseline (same run)', 'ratio', 'goal', 'met'];
  const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
