import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

// The React host: lobby's elements used as they are, with React 19's own custom element
// support. Props go to the elements (attributes or properties); `onlobby-<name>` props
// are listeners for the elements' `lobby-<name>` events. No wrapper components.

interface LoggedEvent {
  name: string;
  detail: unknown;
}

/** The member token a partner's back end would hand over; here from `#token=...`. */
function takeToken(): string | undefined {
  const match = /(?:^|[#&])token=([0-9a-fA-F]{16,})/.exec(location.hash);
  if (!match) return undefined;
  history.replaceState(null, '', location.pathname + location.search);
  return match[1];
}

function App({ token }: { token: string | undefined }) {
  const [shown, setShown] = useState(true);
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const log = (event: Event) => {
    if (event.type === 'lobby-navigate') event.preventDefault(); // this app has no lobby routes
    setEvents((list) => [...list, { name: event.type, detail: (event as CustomEvent).detail ?? null }]);
  };
  return (
    <main>
      <h1>React host</h1>
      <section className="card">
        <p>lobby's widgets rendered by React 19, with props and events used directly.</p>
        <button type="button" id="toggle" aria-pressed={shown} onClick={() => setShown((value) => !value)}>
          {shown ? 'Remove the widgets' : 'Mount the widgets'}
        </button>
      </section>
      {shown && (
        <section className="card" id="widgets">
          <h2>Gold coins</h2>
          <lobby-coin-purchase lang="en" coin-rate={10} token={token} onlobby-error={log} onlobby-finish={log} onlobby-buy-gold={log} onlobby-refresh={log} />
          <lobby-float-window lang="en" onlobby-navigate={log} onlobby-close={log} />
          <lobby-order-ball kind="deposit" route="/react-host" token={token} onlobby-navigate={log} onlobby-prompt={log} />
          <lobby-order-ball kind="withdrawal" route="/react-host" token={token} onlobby-navigate={log} onlobby-prompt={log} />
        </section>
      )}
      <section className="card">
        <h2>Events React received</h2>
        <ol id="events">
          {events.map((event, index) => (
            <li key={index}>{`${event.name} ${JSON.stringify(event.detail)}`}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App token={takeToken()} />
    </StrictMode>,
  );
}
