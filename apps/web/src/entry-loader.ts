/**
 * The public pages' loader (issue 16 item 6): a visitor's home, info pages, landers and pricing come as
 * complete server-rendered HTML with this script of about 1 KiB instead of the app (~150 KiB gzip
 * of React, the router, TanStack Query and i18next). Links work as links and the page is read
 * without any script; the app loads on the visitor's first sign of intent (a pointer move or touch,
 * a key, a scroll), usually well before the click it prepares, and hydrates the same HTML.
 * A click on a control that needs the app (a button, or an element marked
 * `data-hydrate-click`, such as the signup call to action that opens the modal) or a form's
 * submission made before hydration is held and replayed once the app runs, so nothing the visitor
 * does is lost and no form is submitted natively (a GET that would put its fields into the URL).
 * So a form's controls that wait for the app are enabled here (`data-needs-app`): the visitor types
 * and presses its button before the app runs; react-hook-form keeps what was typed before it ran.
 *
 * It imports nothing (its own chunk, no shared code), and reads from its script element the
 * app's entry (`data-app`) and the page's route chunks (`data-preload`), fetched side by side.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const root = document.documentElement;
// Not 'focusin': the page's own autofocus (the entry warning's button) is no sign of the visitor's
// intent; a keyboard user's Tab is a keydown, and a click is held below.
const intent = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'];
const held = 'button, [role="button"], [data-hydrate-click], input[type="submit"], input[type="image"]';
let started = false;
let replay: (() => void) | undefined;

function start() {
  if (started || !script?.dataset.app) return;
  started = true;
  for (const type of intent) window.removeEventListener(type, start, true);
  for (const href of script.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ script.dataset.app);
}

const hydrated = () => root.dataset.hydrated === '1';

/** Runs `action` once the app has hydrated the page (RootLayout marks <html data-hydrated="1">). */
function whenHydrated(action: () => void) {
  replay = action;
  if (hydrated()) return runReplay();
  const watch = new MutationObserver(() => {
    if (!hydrated()) return;
    watch.disconnect();
    runReplay();
  });
  watch.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}

function runReplay() {
  const action = replay;
  replay = undefined;
  window.removeEventListener('click', onClick, true);
  window.removeEventListener('submit', onSubmit, true);
  action?.();
}

function onClick(e: MouseEvent) {
  if (hydrated()) return;
  const target = (e.target as Element | null)?.closest?.<HTMLElement>(held);
  if (!target) return;
  e.preventDefault();
  e.stopPropagation();
  start();
  // Until the app runs, the pressed control says it is working (a slow phone may take a second).
  target.setAttribute('aria-busy', 'true');
  whenHydrated(() => {
    target.removeAttribute('aria-busy');
    if (target.isConnected) target.click();
  });
}

function onSubmit(e: SubmitEvent) {
  if (hydrated()) return;
  const form = e.target as HTMLFormElement;
  e.preventDefault();
  e.stopPropagation();
  start();
  whenHydrated(() => form.isConnected && form.requestSubmit(e.submitter));
}

if (script?.dataset.app) {
  for (const type of intent) window.addEventListener(type, start, { capture: true, passive: true });
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  // A form's controls that wait for the app (ui/needs-app.ts: the login's fieldset, a submit button)
  // are usable now: a click or submission is held above until the app runs, never sent natively.
  for (const el of document.querySelectorAll<HTMLButtonElement | HTMLFieldSetElement>('[data-needs-app]')) {
    el.disabled = false;
  }
}
