// One view or panel that throws while rendering shows this instead of taking the whole page down: what broke,
// "Try again" (render it afresh) and, where the view keeps stored state, "Reset" (which sets that state aside,
// downloadable, rather than deleting it; the caller says what it sets aside). The rest of the app keeps working.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import './ui.css';

export interface ErrorBoundaryProps {
  /** A stable name for tests and the console: "tab-research", "panel-linker". */
  name: string;
  /** What the person calls this part: "the Research tab", "the learned linker panel". */
  label: string;
  children: ReactNode;
  /** Sets this view's stored state aside and clears it; returns a sentence saying what was set aside (or null). */
  onReset?: () => string | null | Promise<string | null>;
  /** What Reset does, in words, shown before it is pressed. */
  resetHint?: string;
}

interface State {
  error: Error | null;
  /** Bumped to remount the children afresh. */
  generation: number;
  notice: string | null;
}

/** Test hook: names of boundaries whose children throw on render (set by a browser test before the page loads). */
function asked(name: string): boolean {
  const v = (globalThis as { __crscoreThrowIn?: unknown }).__crscoreThrowIn;
  return Array.isArray(v) && v.includes(name);
}

function Probe({ name, children }: { name: string; children: ReactNode }) {
  if (asked(name)) throw new Error(`test: ${name} was asked to throw`);
  return children;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, generation: 0, notice: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  private again = (notice: string | null = null) => {
    const w = globalThis as { __crscoreThrowIn?: unknown };
    // The test hook throws once: what a person's "Try again" fixes.
    if (Array.isArray(w.__crscoreThrowIn)) w.__crscoreThrowIn = w.__crscoreThrowIn.filter((n) => n !== this.props.name);
    this.setState((s) => ({ error: null, generation: s.generation + 1, notice }));
  };

  private reset = async () => {
    let notice: string | null;
    try {
      notice = (await this.props.onReset?.()) ?? null;
    } catch (e) {
      notice = `Reset could not clear the stored state (${(e as Error).message}).`;
    }
    this.again(notice);
  };

  override render() {
    const { error, generation, notice } = this.state;
    const { name, label, onReset, resetHint } = this.props;
    if (error) {
      return (
        <div className="alert error boundary" role="alert" data-testid={`boundary-${name}`}>
          <p>
            <strong>Something in {label} went wrong</strong> and it stopped drawing; the rest of the app still works.
          </p>
          <p className="small boundary-message" data-testid="boundary-message">
            {error.name}: {error.message.slice(0, 500)}
          </p>
          {onReset && resetHint && <p className="small">{resetHint}</p>}
          <div className="toolbar">
            <button type="button" onClick={() => this.again()} data-testid="boundary-retry">
              Try again
            </button>
            {onReset && (
              <button type="button" className="primary" onClick={() => void this.reset()} data-testid="boundary-reset">
                Reset {label}
              </button>
            )}
          </div>
        </div>
      );
    }
    return (
      <>
        {notice && (
          <p className="alert info small" role="status" data-testid={`boundary-notice-${name}`}>
            {notice}
          </p>
        )}
        <Probe key={generation} name={name}>
          {this.props.children}
        </Probe>
      </>
    );
  }
}
