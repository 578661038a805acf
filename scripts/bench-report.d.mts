export type BenchResult = 'pass' | 'fail' | 'skipped' | 'reported';

export interface BenchGoal {
  on: 'figure' | 'vs_limit';
  atMost?: number;
  atLeast?: number;
}

export interface BenchRow {
  id: string;
  what: string;
  unit: string;
  figure: number | null;
  limit: number | null;
  limit_what: string | null;
  vs_limit: number | null;
  goal: { on: 'figure' | 'vs_limit'; at_most?: number; at_least?: number } | null;
  goal_text: string;
  of_goal: number | null;
  result: BenchResult;
  note: string | null;
}

export function benchRow(measured: {
  id: string;
  what: string;
  unit: string;
  figure: number | null | undefined;
  limit?: number | null | undefined;
  limitWhat?: string | null;
  goal?: BenchGoal | null;
  note?: string | null;
}): BenchRow;
export function missedRows(rows: BenchRow[]): BenchRow[];
export function formatValue(value: number | null, unit: string): string;
export function benchTable(rows: BenchRow[]): string;
