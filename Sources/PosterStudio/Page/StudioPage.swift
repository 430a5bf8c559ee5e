import NMTIDomain

/// The studio's page: HTML, script and style served from these strings (nothing is
/// fetched from elsewhere). Everything the theme or the user wrote reaches the page as
/// JSON and is put in with `textContent`, never as markup.
enum StudioPage {
    /// The page, opening on `format`.
    static func html(format: String) -> String {
        let codes = Personality.all.map { personality in
            "<option value=\"\(personality.code.rawValue)\">\(personality.code.rawValue) \(escape(personality.title))</option>"
        }.joined()
        let packs = QuizPack.allCases.map { "<option value=\"\($0.rawValue)\">\($0.rawValue) · \(escape($0.displayName))</option>" }.joined()
        return #"""
            <!doctype html>
            <html lang="zh-CN">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>nmti-poster studio</title>
            <link rel="stylesheet" href="/studio.css">
            </head>
            <body data-generation="0" data-digest="" data-format="\#(escape(format))">
            <header>
              <h1>nmti-poster <b>studio</b></h1>
              <span id="theme-name"></span>
              <span id="status" class="status">connecting…</span>
            </header>
            <main>
              <aside id="controls">
                <label>Type <select id="code">\#(codes)</select></label>
                <label>Pack <select id="pack">\#(packs)</select></label>
                <label>Nickname <input id="nickname" autocomplete="off" spellcheck="false" placeholder="none"></label>
                <p id="input-error" class="field-error" hidden></p>
                <fieldset>
                  <legend><label class="check"><input type="checkbox" id="invited"> Invited by</label></legend>
                  <label>Inviter <select id="from">\#(codes)</select></label>
                  <label>Inviter's nickname <input id="fromNickname" autocomplete="off" spellcheck="false" placeholder="none"></label>
                  <label class="check"><input type="checkbox" id="fromScores" checked> with the inviter's scores</label>
                </fieldset>
                <label>Format <select id="format"><option value="\#(escape(format))">\#(escape(format))</option></select></label>
                <label class="check toggle"><input type="checkbox" id="debug"> Debug boxes</label>
                <p class="hint">Click the poster to see the element under the pointer.</p>
                <p class="links"><a id="download" download="poster.png">PNG</a> · <a id="result-link" target="_blank">result.json</a></p>
              </aside>
              <section id="stage">
                <div id="frame"><img id="poster" alt="the poster"><div id="highlight" hidden></div></div>
                <div id="diagnostics" hidden>
                  <h2>The theme does not load</h2>
                  <ol id="diagnostic-list"></ol>
                  <p class="hint">Fix it and save: the poster comes back with the next good save.</p>
                </div>
              </section>
              <aside id="panel">
                <section id="inspect">
                  <h2>Element</h2>
                  <div id="picked"><p class="hint">Click the poster, or a finding.</p></div>
                </section>
                <section>
                  <h2>Findings <span id="finding-count" class="count"></span></h2>
                  <p id="lints" class="hint"></p>
                  <ul id="findings"></ul>
                </section>
                <section id="source" hidden>
                  <h2 id="source-title"></h2>
                  <pre id="source-lines"></pre>
                </section>
              </aside>
            </main>
            <script src="/studio.js"></script>
            </body>
            </html>

            """#
    }

    /// Text for element content and quoted attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
