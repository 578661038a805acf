/**
 * The widget's shadow root with its styles: whatever the widget shows goes inside, out of reach
 * of the host page's CSS.
 */
import type { ReactNode } from 'react';
import root from 'react-shadow';
import { widgetStyles } from './styles.ts';

// react-shadow types every tag as optional; div is always there.
const ShadowDiv = root.div!;
// One stable list: react-shadow re-attaches the shadow root when it gets a new array.
const NO_SHEETS: CSSStyleSheet[] = [];

export function ShadowFrame({ children }: { children: ReactNode }) {
  return (
    <ShadowDiv styleSheets={NO_SHEETS}>
      <style>{widgetStyles}</style>
      {children}
    </ShadowDiv>
  );
}
