// The widget's element, as the /embed/ preview renders it with the attributes a partner sets.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'comal-order': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        category?: string;
        'theme-color'?: string;
        layout?: string;
      };
    }
  }
}
