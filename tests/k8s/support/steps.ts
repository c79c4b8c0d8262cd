/** A step of the rehearsal: what it proves, and the figures it measured (printed in the summary). */
export interface Step {
  name: string;
  proves: string;
  run: () => Promise<Figures>;
}

export type Figures = Record<string, string | number>;

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const say = (line: string): void => void process.stdout.write(`[test:k8s ${new Date().toTimeString().slice(0, 8)}] ${line}\n`);

/** A failed step that still measured something: the runner prints its figures beside the failure. */
export class StepFailure extends Error {
  readonly figures: Figures;

  constructor(message: string, figures: Figures) {
    super(message);
    this.figures = figures;
  }
}

export function expect(condition: boolean, failure: string, figures?: Figures): asserts condition {
  if (!condition) throw figures === undefined ? new Error(failure) : new StepFailure(failure, figures);
}
