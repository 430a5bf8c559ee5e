extension StudioPage {
    /// The page's style: three columns (controls, poster, findings) on a desktop screen.
    static let style = #"""
        :root { --ink: #1d1d24; --muted: #6b6b78; --line: #dcdce3; --panel: #ffffff; --stage: #ececf1; --accent: #e91e63;
                --good: #1b873f; --bad: #c62828; --warn: #b26a00; font-family: "Noto Sans CJK SC", system-ui, sans-serif; }
        [hidden] { display: none !important; }
        * { box-sizing: border-box; }
        body { margin: 0; color: var(--ink); background: var(--stage); font-size: 13px; height: 100vh; display: flex; flex-direction: column; }
        header { display: flex; align-items: center; gap: 16px; padding: 10px 18px; background: #17171d; color: #fff; }
        header h1 { font-size: 15px; font-weight: 500; margin: 0; letter-spacing: .02em; }
        header h1 b { color: #ff5c93; font-weight: 700; }
        #theme-name { font-weight: 700; padding: 2px 10px; border-radius: 10px; background: #2d2d37; }
        .status { margin-left: auto; font-size: 12px; color: #c9c9d3; }
        .status::before { content: "●"; margin-right: 6px; color: #888; }
        .status.good::before { color: #3ddc84; }
        .status.bad::before { color: #ff5252; }
        main { flex: 1; display: grid; grid-template-columns: 250px 1fr 380px; min-height: 0; }
        aside { background: var(--panel); overflow: auto; padding: 16px; }
        #controls { border-right: 1px solid var(--line); display: flex; flex-direction: column; gap: 12px; }
        #panel { border-left: 1px solid var(--line); }
        label { display: flex; flex-direction: column; gap: 4px; color: var(--muted); font-size: 12px; }
        label.check { flex-direction: row; align-items: center; gap: 6px; color: var(--ink); font-size: 13px; }
        select, input:not([type]) { font: inherit; color: var(--ink); padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fafafc; }
        fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px 10px; display: flex; flex-direction: column; gap: 10px; margin: 0; }
        legend { padding: 0 4px; }
        .toggle { padding: 8px 10px; border-radius: 8px; background: #fff0f5; }
        .hint { color: var(--muted); font-size: 12px; margin: 0; }
        .links a { color: var(--accent); }
        .field-error { color: var(--bad); margin: -6px 0 0; font-size: 12px; }
        #stage { overflow: auto; display: flex; align-items: flex-start; justify-content: center; padding: 24px; }
        #frame { position: relative; overflow: hidden; height: calc(100vh - 100px); max-width: 100%; aspect-ratio: 375 / 667; box-shadow: 0 8px 30px rgba(20, 20, 40, .18); background: #fff; }
        #poster { display: block; width: 100%; height: 100%; cursor: crosshair; image-rendering: auto; }
        #highlight { position: absolute; pointer-events: none; outline: 2px solid var(--accent); background: rgba(233, 30, 99, .12); box-shadow: 0 0 0 9999px rgba(10, 10, 20, .18); }
        #diagnostics { max-width: 720px; background: #fff; border-radius: 10px; border-left: 5px solid var(--bad); padding: 18px 22px; box-shadow: 0 8px 30px rgba(20, 20, 40, .12); }
        #diagnostics h2 { margin: 0 0 10px; color: var(--bad); font-size: 16px; }
        #diagnostic-list { padding-left: 20px; font-family: "Noto Sans Mono CJK SC", ui-monospace, monospace; font-size: 12px; line-height: 1.6; }
        #diagnostic-list li.warning { color: var(--warn); }
        h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .08em; color: var(--muted); margin: 0 0 10px; }
        #panel section + section { margin-top: 22px; }
        .count { display: inline-block; min-width: 20px; padding: 0 6px; border-radius: 9px; background: var(--stage); color: var(--ink); text-align: center; }
        dl { display: grid; grid-template-columns: 80px 1fr; gap: 4px 10px; margin: 0 0 8px; }
        dt { color: var(--muted); }
        dd { margin: 0; word-break: break-all; }
        dd.path { font-family: "Noto Sans Mono CJK SC", ui-monospace, monospace; font-weight: 700; color: var(--accent); }
        #findings { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 8px; }
        .finding { border: 1px solid var(--line); border-left: 4px solid var(--muted); border-radius: 6px; padding: 8px 10px; }
        .finding.error { border-left-color: var(--bad); }
        .finding.warning { border-left-color: var(--warn); }
        .finding.note { border-left-color: #7b8cde; }
        .finding-head { display: flex; align-items: center; gap: 8px; margin-bottom: 4px; flex-wrap: wrap; }
        .badge { font-size: 10px; text-transform: uppercase; letter-spacing: .06em; padding: 1px 6px; border-radius: 4px; background: var(--stage); }
        .element-link { font-weight: 700; color: var(--ink); }
        .source-link { margin-left: auto; font-family: "Noto Sans Mono CJK SC", ui-monospace, monospace; font-size: 11px; color: var(--accent); }
        .message { color: #3b3b46; line-height: 1.45; word-break: break-word; }
        .clean { color: var(--good); }
        #source-lines { margin: 0; padding: 8px 0; background: #17171d; color: #d7d7e0; border-radius: 6px; font-size: 11px; line-height: 1.55; overflow: auto; }
        #source-lines .line { display: inline-block; min-width: 100%; padding: 0 10px 0 0; }
        #source-lines .line.current { background: #4a1830; }
        #source-lines .number { color: #6f6f80; padding: 0 8px; }

        """#
}
