/**
 * The pages' loader (issue 16 item 6, issue 29): every server-rendered page comes as complete HTML
 * with this script of about 1 KiB in place of the app (~116 KiB gzip of React, the router, TanStack
 * Query and i18next, and the page's route chunks). Links work as links and the page is read without
 * any script. On a visitor's public page (home, info pages, landers, pricing, the public forms:
 * `data-hydrate="interaction"`) the app loads on the first sign of intent (a pointer move or touch,
 * a key, a scroll), usually well before the click it prepares; on every other page
 * (`data-hydrate="paint"`: the members area, the console) once the page has been painted, so that
 * on a slow line the app's code does not hold back the page's styles, fonts and photos. Either way
 * it hydrates the same HTML.
 * A click on a control that needs the app (a button, or an element marked
 * `data-hydrate-click`, such as the signup call to action that opens the modal on a desktop) or a
 * form's submission made before hydration is held and replayed once the app runs, so nothing the visitor
 * does is lost and no form is submitted natively (a GET that would put its fields into the URL).
 * So a form's controls that wait for the app are enabled here (`data-needs-app`): the visitor types,
 * chooses and presses its button before the app runs. Hydration keeps the page's DOM as the visitor
 * left it, but the app's state starts from the server's: react-hook-form resets a radio group to its
 * default, a controlled select's state says "nothing chosen". So what the visitor changed before
 * the app ran is recorded here and replayed to the app as the visitor's own input once it runs,
 * before a held click: a choice made on the signup form before the app loaded is not lost.
 *
 * It imports nothing (its own chunk, no shared code), and reads from its script element the
 * app's entry (`data-app`), the page's route chunks (`data-preload`) and its catalog files
 * (`data-fetch`), fetched side by side.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const root = document.documentElement;
const hydrated = () => root.dataset.hydrated === '1';
// Not 'focusin': the page's own autofocus (the entry warning's button) is no sign of the visitor's
// intent; a keyboard user's Tab is a keydown, and a click is held below.
const intent = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'];
const held = 'button, [role="button"], [data-hydrate-click], input[type="submit"], input[type="image"]';
let started = false;
/** The click or submission held until the app runs (the last one). */
let replay: (() => void) | undefined;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/**
 * What the visitor changed before the app ran, as they left it, in the order first changed; a
 * radio group keyed by its form and name, so only its last choice counts.
 */
const edits = new Map<unknown, { el: Control; value: string; checked: boolean }>();
const SKIPPED = /^(file|submit|button|image|reset|hidden)$/;

function onEdit(e: Event) {
  const el = e.target as Control;
  if (hydrated() || !('form' in el) || !('value' in el) || SKIPPED.test(el.type)) return;
  const key = el.type === 'radio' && el.name ? `${el.form?.id ?? ''} ${el.name}` : el;
  edits.delete(key);
  edits.set(key, { el, value: el.value, checked: 'checked' in el && el.checked });
}

/**
 * Tells the app of a change it did not see, as the browser would have. Hydration kept the DOM as
 * the visitor left it, but the app may have reset it since (react-hook-form sets a radio group to
 * its default). React reports a text or checkable input's change only when it differs from what it
 * last saw (its value tracker, which watches the element's own property): so the element is first
 * set through that property to the other state, then given the visitor's value by the prototype's
 * setter or a click, and the event follows.
 */
function replayEdit({ el, value, checked }: { el: Control; value: string; checked: boolean }) {
  if (!el.isConnected || el.disabled) return;
  if (el instanceof HTMLSelectElement) {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (el.type === 'radio' || el.type === 'checkbox') {
    if (el.type === 'radio' && !checked) return;
    (el as HTMLInputElement).checked = !checked;
    el.click();
  } else if (value !== el.defaultValue) {
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function start() {
  if (started || !script?.dataset.app) return;
  started = true;
  for (const type of intent) window.removeEventListener(type, start, true);
  // Into the head in one append: each link appended alone made the browser look at the head again.
  const links = document.createDocumentFragment();
  const preload = (rel: string, href: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    if (rel === 'preload') link.as = 'fetch';
    links.append(link);
  };
  for (const href of script.dataset.preload?.split(' ').filter(Boolean) ?? []) preload('modulepreload', href);
  // The page's catalog, which the app fetches first thing: side by side with its code, not after.
  for (const href of script.dataset.fetch?.split(' ').filter(Boolean) ?? []) preload('preload', href);
  document.head.append(links);
  // Once the app has hydrated the page (app/hydrated.ts HydratedMark: <html data-hydrated="1">): the visitor's
  // changes, then the held click or submission.
  const watch = new MutationObserver(() => {
    if (!hydrated()) return;
    watch.disconnect();
    void runReplay();
  });
  watch.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  import(/* @vite-ignore */ script.dataset.app);
}

async function runReplay() {
  const action = replay;
  replay = undefined;
  window.removeEventListener('click', onClick, true);
  window.removeEventListener('submit', onSubmit, true);
  window.removeEventListener('input', onEdit, true);
  window.removeEventListener('change', onEdit, true);
  // One at a time, each rendered before the next (React renders a change in a microtask): a
  // component that builds its value from several controls (the date of birth's three selects)
  // sees each change on top of the last.
  for (const edit of edits.values()) {
    replayEdit(edit);
    await new Promise((resolve) => setTimeout(resolve));
  }
  edits.clear();
  action?.();
}

/**
 * Whether a click on `target` waits for the app. Not a dialog's own form's button (the entry
 * warning's "enter": the browser closes the dialog), nor a `data-hydrate-click` control whose
 * media query (its value) does not match: the signup call to action opens the app's modal from a
 * desktop's width, and on a phone it is the plain link to the signup page it is.
 */
function waits(target: HTMLElement): boolean {
  if (target.closest('form[method="dialog"]')) return false;
  const media = target.dataset.hydrateClick;
  return !media || window.matchMedia(media).matches;
}

function onClick(e: MouseEvent) {
  if (hydrated()) return;
  const target = (e.target as Element | null)?.closest?.<HTMLElement>(held);
  if (!target || !waits(target)) return;
  e.preventDefault();
  e.stopPropagation();
  start();
  // Until the app runs, the pressed control says it is working (a slow phone may take a second).
  target.setAttribute('aria-busy', 'true');
  replay = () => {
    target.removeAttribute('aria-busy');
    if (target.isConnected) target.click();
  };
}

/** The cookie a dialog's form names, holding `at` (ms), as the app writes it (rememberInCookie). */
function writeCookie(form: HTMLFormElement, at: number) {
  const { rememberCookie: cookie, rememberMaxAge: maxAge } = form.dataset;
  if (!cookie || !maxAge) return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server
  document.cookie = `${cookie}=${at}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

/**
 * A dialog's own form, answered by the browser (it closes the dialog): what the form says to
 * remember of the answer is written now, as the app would (app/dismissals.ts): a first-party
 * cookie that the server reads and a localStorage entry, each the time in ms.
 */
function remember(form: HTMLFormElement) {
  const { rememberStorage: storage } = form.dataset;
  const now = Date.now();
  writeCookie(form, now);
  try {
    if (storage) localStorage.setItem(storage, String(now));
  } catch {
    // storage disabled: the cookie holds it
  }
}

/**
 * A dialog the server opened that this browser answered before, when that answer is kept only in
 * localStorage (from before the cookie existed, or a cookie since cleared): closed now, before the
 * app runs, and the answer copied to the cookie so the server leaves the dialog out from the next
 * page on. Without this the app would make it modal at hydration and close it again at once: the
 * page jumped and focus moved under the visitor's hand.
 */
function closeAnswered() {
  for (const form of document.querySelectorAll<HTMLFormElement>('dialog[open] form[method="dialog"]')) {
    let kept: string | null = null;
    try {
      kept = form.dataset.rememberStorage ? localStorage.getItem(form.dataset.rememberStorage) : null;
    } catch {
      // storage disabled: nothing was kept
    }
    if (!kept || !Number(kept)) continue;
    writeCookie(form, Number(kept));
    form.closest('dialog')?.close();
  }
}

function onSubmit(e: SubmitEvent) {
  if (hydrated()) return;
  const form = e.target as HTMLFormElement;
  if (form.method === 'dialog') {
    remember(form);
    return;
  }
  e.preventDefault();
  e.stopPropagation();
  start();
  replay = () => form.isConnected && form.requestSubmit(e.submitter);
}

if (script?.dataset.app) {
  closeAnswered();
  for (const type of intent) window.addEventListener(type, start, { capture: true, passive: true });
  // A member's page (any but a visitor's public page): the app loads once the page has been painted,
  // so its code does not compete with the page's own styles, fonts and photos for a slow line.
  // A page opened in a background tab paints nothing and runs no frame: it starts at once (a chat
  // there gets its messages).
  if (root.dataset.hydrate === 'paint') {
    if (document.visibilityState === 'hidden') start();
    else requestAnimationFrame(() => setTimeout(start));
  }
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  window.addEventListener('input', onEdit, true);
  window.addEventListener('change', onEdit, true);
  // A form's controls that wait for the app (ui/needs-app.ts: the login's fieldset, a submit button)
  // are usable now: a click or submission is held above until the app runs, never sent natively.
  for (const el of document.querySelectorAll<HTMLButtonElement | HTMLFieldSetElement>('[data-needs-app]')) {
    el.disabled = false;
  }
}
