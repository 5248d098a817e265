/** The account screens' look: one column for a phone, every control 48 px tall or more. */
export const ADMIN_STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 18px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Malayalam", sans-serif; color: #1c2b33; background: #f4f7f7; }
main { max-width: 32rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
h1 { font-size: 1.6rem; line-height: 1.25; color: #0b5563; margin: .5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; }
.stack { display: flex; flex-direction: column; gap: .4rem; }
label { font-weight: 600; margin-top: .6rem; }
input { font: inherit; min-height: 48px; padding: .5rem .75rem; border: 2px solid #8aa4ab; border-radius: 10px; width: 100%; background: #fff; }
input:focus-visible, button:focus-visible { outline: 3px solid #e69b00; outline-offset: 2px; }
button { font: inherit; font-weight: 600; min-height: 48px; min-width: 48px; padding: .6rem 1.1rem; border: 0; border-radius: 10px; background: #0b5563; color: #fff; width: 100%; margin-top: 1rem; cursor: pointer; }
button.secondary { background: #fff; color: #0b5563; border: 2px solid #0b5563; }
button[disabled] { opacity: .6; }
.hint { font-size: .9rem; color: #4a5d64; margin: 0; }
.devices { list-style: none; padding: 0; margin: 0; }
.devices li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem; padding: .75rem 0; border-bottom: 1px solid #d3dfe1; }
.devices li button { width: auto; margin: 0; }
.code { font: 700 2rem/1.2 ui-monospace, monospace; letter-spacing: .1em; text-align: center; background: #fff; border: 2px dashed #0b5563; border-radius: 10px; padding: .75rem; }
.notice { background: #fff4d6; border-left: 4px solid #e69b00; padding: .75rem; }
.tabs { display: flex; gap: .25rem; margin: 0 -1rem 1rem; padding: 0 .5rem; border-bottom: 2px solid #d3dfe1; }
.tabs a { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 48px; color: #0b5563; font-weight: 600; text-decoration: none; border-bottom: 3px solid transparent; }
.tabs a[aria-current="page"] { border-bottom-color: #0b5563; }
.message:not(:empty) { background: #fdecea; border-left: 4px solid #b3261e; padding: .75rem; margin-top: 1.5rem; }
`;
