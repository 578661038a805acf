export interface BuildTarget {
  name: 'site' | 'widget' | 'server';
  output: string;
  outDir: string;
}
export const buildTargets: BuildTarget[];
export function staleTargets(force?: boolean, only?: BuildTarget['name'][] | null): BuildTarget[];
export function precompress(dir: string): void;
export function build(options?: { force?: boolean; quiet?: boolean; only?: BuildTarget['name'][] | null }): void;
