// Entry point: restore the session and the server's clock, then render the app.
import { render } from 'preact';
import { syncClock } from './api/clock.ts';
import { App } from './app.tsx';
import { locale } from './i18n/i18n.ts';
import { restoreSession } from './session.ts';
import './styles.css';

document.documentElement.lang = locale();
await Promise.all([restoreSession().catch(() => undefined), syncClock().catch(() => undefined)]);
render(<App />, document.getElementById('app')!);
