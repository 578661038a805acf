/**
 * The partner page builder on /embed/: choose a category, a colour and inline menu or launcher
 * button, read the snippet, copy it, and see the real widget (this page's own) follow the choices.
 */
import { useState } from 'react';
import { IslandBoundary } from '../islands/IslandBoundary.tsx';
import { embedAttributes, embedSnippet, type EmbedChoices } from './snippet.ts';

interface Props {
  categories: string[];
  defaultColour: string;
}

function Builder({ categories, defaultColour }: Props) {
  const [choices, setChoices] = useState<EmbedChoices>({ category: '', themeColor: defaultColour, layout: 'inline' });
  const [copied, setCopied] = useState('');
  const snippet = embedSnippet(window.location.origin, choices, defaultColour);
  const choose = (change: Partial<EmbedChoices>) => {
    setChoices((current) => ({ ...current, ...change }));
    setCopied('');
  };
  const validColour = /^#[0-9a-f]{6}$/i;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('Copied');
    } catch {
      const text = document.getElementById('embed-snippet');
      if (text) window.getSelection()?.selectAllChildren(text);
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected snippet');
    }
  };
  const preview = Object.fromEntries(embedAttributes(choices, defaultColour));
  return (
    <div className="embed-builder">
      <form className="embed-options" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span>Category to open at</span>
          <select value={choices.category} onChange={(event) => choose({ category: event.currentTarget.value })}>
            <option value="">Whole menu</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <div className="embed-colour">
          <label>
            <span>Button colour</span>
            <input
              type="color"
              value={choices.themeColor}
              onInput={(event) => choose({ themeColor: event.currentTarget.value })}
            />
          </label>
          <label>
            <span>Colour as hex</span>
            <input
              type="text"
              value={choices.themeColor}
              maxLength={7}
              spellCheck={false}
              onInput={(event) => {
                const value = event.currentTarget.value.trim();
                if (validColour.test(value)) choose({ themeColor: value });
              }}
            />
          </label>
        </div>
        <fieldset>
          <legend>Layout</legend>
          {(
            [
              ['inline', 'Inline menu'],
              ['launcher', 'Launcher button'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="embed-radio">
              <input
                type="radio"
                name="embed-layout"
                value={value}
                checked={choices.layout === value}
                onChange={() => choose({ layout: value })}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      </form>
      <h2>Your snippet</h2>
      <pre className="embed-snippet">
        <code id="embed-snippet">{snippet}</code>
      </pre>
      <p className="embed-copy">
        <button type="button" onClick={() => void copy()}>
          Copy snippet
        </button>{' '}
        <span role="status" aria-live="polite">
          {copied}
        </span>
      </p>
      <h2>Preview</h2>
      <div className="embed-preview">
        <comal-order {...preview} />
      </div>
    </div>
  );
}

export default function EmbedBuilder(props: Props) {
  return (
    <IslandBoundary>
      <Builder {...props} />
    </IslandBoundary>
  );
}
