// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IslandBoundary } from '../../site/components/islands/IslandBoundary.tsx';

function Broken(): never {
  throw new Error('menu data missing');
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.restoreAllMocks());

describe('an island that crashes', () => {
  it('logs the error to the console and sends the visitor to the home page', () => {
    window.history.replaceState(null, '', '/about-us/');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const host = document.createElement('div');
    document.body.append(host);
    act(() =>
      createRoot(host).render(
        <IslandBoundary>
          <Broken />
        </IslandBoundary>,
      ),
    );
    expect(assign).toHaveBeenCalledWith('/');
    expect(
      logged.mock.calls.some((call) => call.some((arg) => arg instanceof Error && arg.message === 'menu data missing')),
    ).toBe(true);
    expect(host.innerHTML).toBe('');
  });

  it('renders its island untouched while nothing goes wrong', () => {
    const host = document.createElement('div');
    act(() =>
      createRoot(host).render(
        <IslandBoundary>
          <p>Menu</p>
        </IslandBoundary>,
      ),
    );
    expect(host.innerHTML).toBe('<p>Menu</p>');
  });
});
