import type { BenchRow } from './bench-report.mjs';

export function escapeXml(text: string): string;
export function barShare(row: BenchRow): number;
export function benchChartSvg(rows: BenchRow[], options?: { title?: string; date?: string }): string;
