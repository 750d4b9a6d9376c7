/**
 * Intl formatters made once per locale and options, for the server and the browser. Building one
 * opens ICU's data for it: the credits page built a NumberFormat per price and the order pages a
 * DateTimeFormat per date, all inside the browser's hydration task (issue 29 goal 2). A formatter
 * keeps no state between calls, so one can serve every caller. The set of keys is small (seven
 * languages, a handful of option sets, the members' time zones); past MAX_FORMATTERS the cache
 * starts afresh rather than grow.
 */
const MAX_FORMATTERS = 500;
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = made.get(key) as F | undefined;
  if (!f) {
    f = make();
    if (made.size >= MAX_FORMATTERS) made.clear();
    made.set(key, f);
  }
  return f;
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `n ${locale} ${options ? JSON.stringify(options) : ''}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** `new Intl.DateTimeFormat(locale, options)`, made once (no locale: the runtime's own). */
export function dateTimeFormat(
  locale: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached(
    `d ${locale ?? ''} ${options ? JSON.stringify(options) : ''}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/** At most this many strings a page keeps (the browser's page formats more as it lives). */
const MAX_WRITTEN = 2_000;

/**
 * The strings one page formatted, by locale, options and value. The server's render records what
 * it wrote into the HTML (BootState.formatted); the browser, given them, writes the same while it
 * hydrates without opening ICU: the first Intl formatter of a page costs 30-90 ms of this machine's
 * CPU (four times that on Lighthouse's phone), inside the hydration task, on every page that shows
 * a price, a count or a time (issue 29 goal 2). Later values are formatted as usual.
 *
 * A date written in the runtime's own time zone (no `timeZone` option) is kept only where that
 * zone is known by name (`localZone`): the browser's, when the member's zone as the server has it
 * (BootState.timeZone) is at the browser's own UTC offset now. The server renders a member's times
 * in that zone by name, so both sides' keys name it; a date in the server's own zone is never kept.
 */
export class PageFormats {
  private readonly written: Map<string, string>;
  constructor(
    given?: Record<string, string>,
    private readonly localZone?: string,
  ) {
    this.written = new Map(given ? Object.entries(given) : []);
  }

  number(locale: string, value: number, options?: Intl.NumberFormatOptions): string {
    return this.write(`n|${locale}|${options ? JSON.stringify(options) : ''}|${value}`, () =>
      numberFormat(locale, options).format(value),
    );
  }

  date(locale: string, value: Date, options: Intl.DateTimeFormatOptions = {}): string {
    const make = () => dateTimeFormat(locale, options).format(value);
    const zone = options.timeZone ?? this.localZone;
    if (!zone) return make();
    return this.write(
      `d|${locale}|${JSON.stringify({ ...options, timeZone: zone })}|${value.getTime()}`,
      make,
    );
  }

  /** What this page wrote, for the browser (BootState.formatted). */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.written);
  }

  private write(key: string, make: () => string): string {
    let text = this.written.get(key);
    if (text === undefined) {
      text = make();
      if (this.written.size < MAX_WRITTEN) this.written.set(key, text);
    }
    return text;
  }
}
