/** The GitHub connection's look, on top of admin.css: links that act as buttons, 48 px tall, and the state in colour. */
export const GITHUB_STYLE = `
.steps { padding-left: 1.4rem; }
.steps li { margin: .4rem 0; }
.button { display: flex; align-items: center; justify-content: center; min-height: 48px; margin-top: 1rem; padding: .6rem 1.1rem; border-radius: 10px; background: #0b5563; color: #fff; font-weight: 600; text-align: center; text-decoration: none; }
.button.secondary { background: #fff; color: #0b5563; border: 2px solid #0b5563; }
.button:focus-visible { outline: 3px solid #e69b00; outline-offset: 2px; }
.connected { background: #e3f4ea; border-left: 4px solid #1a7f45; padding: .75rem; }
.hint { margin-top: .5rem; }
`;
