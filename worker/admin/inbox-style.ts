/** The inbox's and the counts' look, on top of admin.css: cards for a phone, every target 44 px or more. */
export const INBOX_STYLE = `
main { max-width: 40rem; }
.requests { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 1rem; }
.request { background: #fff; border-radius: 12px; padding: 1rem; border-left: 6px solid #e69b00; }
/* What a visitor typed may hold a word wider than the phone (a link pasted whole): it wraps inside
   the card. Only there: the card's own buttons keep their words whole. */
.request h2, .request .note, .meta, .contact { overflow-wrap: anywhere; }
.request[data-handled="contacted"] { border-left-color: #0b5563; }
.request[data-handled="done"] { border-left-color: #8aa4ab; }
.request h2 { margin: 0; font-size: 1.3rem; }
.request p { margin: .4rem 0; }
.meta, .contact { color: #4a5d64; font-size: .95rem; }
.contact a { color: #0b5563; display: inline-block; min-height: 44px; line-height: 44px; }
.note { background: #f4f7f7; padding: .5rem .75rem; border-radius: 8px; white-space: pre-line; }
.row { display: flex; gap: .5rem; margin-top: .75rem; }
.button { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 48px; border-radius: 10px; background: #0b5563; color: #fff; font-weight: 600; text-decoration: none; }
.button.whatsapp { background: #1a7f45; }
.choices { display: flex; margin-top: .75rem; border: 2px solid #0b5563; border-radius: 10px; overflow: hidden; }
.choices .choice { flex: 1; margin: 0; border-radius: 0; background: #fff; color: #0b5563; padding: .5rem .25rem; }
.choices .choice[aria-pressed="true"] { background: #0b5563; color: #fff; }
.sent { color: #1a7f45; font-size: .95rem; }
.unsent { color: #8c1d18; font-size: .95rem; }
.request > .secondary { margin-top: .5rem; }
.period { background: #fff; border-radius: 12px; padding: 1rem; margin-bottom: 1rem; }
.period h2 { margin: 0 0 .5rem; }
.glance { font-size: 1.15rem; font-weight: 600; }
.chart { width: 100%; height: auto; display: block; margin: .5rem 0; }
`;
