/**
 * The widget's stylesheet, inside its shadow root. `:host { all: initial }` stops the host
 * page's inherited styles (font, color, line-height, …); the host page's selectors never reach
 * inside. Theming: the --bis-* custom properties (they cross the shadow boundary) and the
 * `part` attributes for ::part(). Whitespace is left out: every byte counts (12 KB budget).
 */
export const CSS =
  ":host{all:initial;display:block}:host([hidden]){display:none}" +
  "*{box-sizing:border-box}" +
  ".w{--p:var(--bis-primary,#1d4ed8);--r:var(--bis-radius,8px);font:15px/1.45 var(--bis-font,system-ui,sans-serif);background:var(--bis-bg,#fff);color:var(--bis-text,#1f2937);border:1px solid #8886;border-radius:var(--r);padding:16px;overflow-wrap:anywhere}" +
  ".dk{color-scheme:dark;background:var(--bis-bg,#111827);color:var(--bis-text,#f3f4f6)}" +
  "h2{font-size:1.15em;margin:0 0 8px;outline:0}h3{font-size:1em;margin:16px 0 4px}p{margin:8px 0}" +
  "label{display:block;font-weight:600;margin:8px 0 4px}" +
  "input,select,button,a{font:inherit;color:inherit;margin:0;text-transform:none}" +
  "input,select{width:100%;padding:8px;border:1px solid #888;border-radius:calc(var(--r)/2);background:none}" +
  ".c{display:flex;gap:8px;font-weight:400}.c input{width:auto}" +
  ".g{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:4px 12px;margin:0}" +
  ".b{display:inline-block;margin:12px 12px 0 0;padding:10px 16px;border:0;border-radius:var(--r);background:var(--p);color:#fff;font-weight:600;text-decoration:none;cursor:pointer}" +
  ".l{background:none;border:0;padding:0;text-decoration:underline;cursor:pointer}" +
  ":focus-visible{outline:2px solid var(--p);outline-offset:2px}" +
  ".e{color:#c00;font-size:.9em;margin:4px 0}.dk .e{color:#f99}" +
  "progress{width:100%;accent-color:var(--p)}" +
  ".n{background:#fef3c7;color:#78350f;padding:8px}" +
  "dd{margin:0;font-size:1.2em;font-weight:700}.s{font-size:12px;font-weight:400;opacity:.8}" +
  // Sources can be long: two lines, the whole text in the title (and for screen readers).
  ".s{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}";
