extension StudioPage {
    /// The page's script: asks for the chosen variant, waits for the next save with a long
    /// poll (`/api/wait`) and shows each answer without reloading. Sets `data-generation`
    /// and `data-digest` on `<body>` (the SHA-256 of the image shown) and `data-picked` (the
    /// JSON path of the element clicked), which the browser test reads.
    static let script = #"""
        'use strict';
        const $ = (id) => document.getElementById(id);
        const state = { shown: 0, frame: null, picked: null, serial: 0, wait: null, source: null, sourceGeneration: -1 };

        function query() {
          const items = [['code', $('code').value], ['pack', $('pack').value], ['format', $('format').value],
                         ['debug', $('debug').checked ? '1' : '0']];
          if ($('nickname').value) items.push(['nickname', $('nickname').value]);
          if ($('invited').checked) {
            items.push(['from', $('from').value], ['fromScores', $('fromScores').checked ? '1' : '0']);
            if ($('fromNickname').value) items.push(['fromNickname', $('fromNickname').value]);
          }
          return items.map(([name, value]) => name + '=' + encodeURIComponent(value)).join('&');
        }

        function setStatus(text, kind) {
          const status = $('status');
          status.textContent = text;
          status.className = 'status ' + (kind || '');
        }

        function element(tag, className, text) {
          const node = document.createElement(tag);
          if (className) node.className = className;
          if (text !== undefined) node.textContent = text;
          return node;
        }

        function place(line, column) {
          const file = (state.frame && state.frame.file || 'theme.json5').split('/').pop();
          return line ? `${file}:${line}:${column || 1}` : file;
        }

        function sourceLink(line, column) {
          const link = element('a', 'source-link', place(line, column));
          link.href = '#L' + line;
          link.addEventListener('click', (event) => { event.preventDefault(); showSource(line); });
          return link;
        }

        async function showSource(line) {
          if (!line) return;
          if (state.sourceGeneration !== state.shown) {
            const answer = await fetch('/api/source', { cache: 'no-store' });
            state.source = await answer.json();
            state.sourceGeneration = state.shown;
          }
          const lines = state.source.lines || [];
          const pre = $('source-lines');
          pre.replaceChildren();
          for (let number = Math.max(1, line - 6); number <= Math.min(lines.length, line + 6); number++) {
            const row = element('span', number === line ? 'line current' : 'line');
            row.append(element('span', 'number', String(number).padStart(4)), element('span', 'code', ' ' + lines[number - 1]));
            pre.append(row, '\n');
          }
          $('source-title').textContent = place(line);
          $('source').hidden = false;
        }

        function highlight(bounds) {
          const box = $('highlight');
          const frame = state.frame;
          if (!bounds || !frame || !frame.canvas) { box.hidden = true; return; }
          box.style.left = (bounds.x / frame.canvas.width * 100) + '%';
          box.style.top = (bounds.y / frame.canvas.height * 100) + '%';
          box.style.width = (bounds.width / frame.canvas.width * 100) + '%';
          box.style.height = (bounds.height / frame.canvas.height * 100) + '%';
          box.hidden = false;
        }

        function pick(item) {
          state.picked = item ? item.path : null;
          document.body.dataset.picked = state.picked || '';
          const picked = $('picked');
          picked.replaceChildren();
          if (!item) { picked.append(element('p', 'hint', 'Nothing there but the background.')); highlight(null); return; }
          const b = item.bounds;
          const rows = [['path', item.path], ['id / label', item.label], ['type', item.type],
                        ['bounds', b ? `x ${b.x}  y ${b.y}  ${b.width} × ${b.height} pt` : 'draws nothing']];
          if (item.qr) rows.push(['QR as drawn', `${item.qr.drawn.width} pt · v${item.qr.version} ${item.qr.correction} · ${item.qr.modulePixels} px modules`]);
          if (item.lines) rows.push(['lines', item.lines.map((line) => line.text).join(' ⏎ ')]);
          const list = element('dl');
          for (const [name, value] of rows) list.append(element('dt', '', name), element('dd', name === 'path' ? 'path' : '', value));
          picked.append(list);
          if (item.line) picked.append(sourceLink(item.line, item.column));
          highlight(item.bounds);
        }

        function pickLabel(label) {
          const frame = state.frame;
          const item = frame && frame.elements ? frame.elements.find((candidate) => candidate.label === label) : null;
          pick(item || null);
        }

        function showFormats(formats) {
          const select = $('format');
          const chosen = select.value;
          if (!formats || formats.join() === Array.from(select.options, (option) => option.value).join()) return;
          select.replaceChildren(...formats.map((name) => { const option = element('option', '', name); option.value = name; return option; }));
          select.value = formats.includes(chosen) ? chosen : formats[0];
        }

        function showFindings(frame) {
          document.body.dataset.lintsGeneration = String(frame.generation);
          const list = $('findings');
          list.replaceChildren();
          const findings = frame.findings || [];
          $('finding-count').textContent = findings.length ? String(findings.length) : '✓';
          $('lints').textContent = 'Ran: ' + (frame.lints || '') + '.';
          if (!findings.length) list.append(element('li', 'clean', 'Nothing to report for this variant.'));
          for (const finding of findings) {
            const item = element('li', 'finding ' + finding.severity);
            const head = element('div', 'finding-head');
            head.append(element('span', 'badge', finding.kind));
            const target = element('a', 'element-link', finding.element);
            target.href = '#';
            target.addEventListener('click', (event) => { event.preventDefault(); pickLabel(finding.element); });
            head.append(target);
            if (finding.line) head.append(sourceLink(finding.line, finding.column));
            item.append(head, element('div', 'message', finding.message));
            list.append(item);
          }
        }

        // The lints cost more than the poster, so they follow it: the poster of a save shows first.
        async function loadLints(asked, generation) {
          $('finding-count').textContent = '…';
          $('lints').textContent = 'Checking this variant…';
          $('findings').replaceChildren();
          try {
            const answer = await fetch('/api/lints?' + asked, { cache: 'no-store' });
            const lints = await answer.json();
            if (lints.generation !== generation || state.shown !== generation || query() !== asked) return;
            if (lints.ok) showFindings(lints);
            else $('lints').textContent = (lints.inputError || lints.error || {}).message || 'The lints did not run.';
          } catch (error) {
            $('lints').textContent = 'The lints did not run: the studio is not answering.';
          }
        }

        function showDiagnostics(diagnostics) {
          const list = $('diagnostic-list');
          list.replaceChildren();
          for (const diagnostic of diagnostics) {
            const item = element('li', diagnostic.severity);
            if (diagnostic.line) item.append(sourceLink(diagnostic.line, diagnostic.column), ' ');
            item.append(element('span', 'message', diagnostic.text));
            list.append(item);
          }
        }

        function show(frame, asked) {
          state.shown = frame.generation;
          document.body.dataset.generation = String(frame.generation);
          if (frame.theme) $('theme-name').textContent = frame.theme;
          showFormats(frame.formats);
          $('input-error').hidden = !frame.inputError;
          if (frame.diagnostics) {
            state.frame = frame;
            $('frame').hidden = true;
            $('diagnostics').hidden = false;
            showDiagnostics(frame.diagnostics);
            document.body.dataset.digest = '';
            $('findings').replaceChildren();
            $('finding-count').textContent = '';
            $('lints').textContent = '';
            setStatus(`generation ${frame.generation}: the theme does not load`, 'bad');
            return;
          }
          $('diagnostics').hidden = true;
          if (frame.inputError) {
            $('input-error').textContent = (frame.inputError.field ? frame.inputError.field + ': ' : '') + frame.inputError.message;
            setStatus(`generation ${frame.generation}: not drawn`, 'bad');
            return;
          }
          state.frame = frame;
          $('frame').hidden = false;
          const poster = $('poster');
          poster.src = frame.image;
          poster.dataset.digest = frame.digest;
          document.body.dataset.digest = frame.digest;
          document.body.dataset.posterDigest = frame.posterDigest;
          $('frame').style.aspectRatio = `${frame.canvas.width} / ${frame.canvas.height}`;
          $('download').href = frame.image;
          $('result-link').href = '/result.json?' + asked;
          loadLints(asked, frame.generation);
          const again = state.picked && frame.elements.find((item) => item.path === state.picked);
          if (again) pick(again); else highlight(null);
          setStatus(`live · generation ${frame.generation} · ${frame.width}×${frame.height} · ${frame.ms} ms`, 'good');
        }

        const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

        async function waitLoop(signal) {
          while (!signal.aborted) {
            const asked = query();
            try {
              const answer = await fetch(`/api/wait?after=${state.shown}&${asked}`, { signal, cache: 'no-store' });
              const frame = await answer.json();
              if (signal.aborted) return;
              if (frame.error) { setStatus(frame.error.message, 'bad'); await sleep(1000); continue; }
              if (!frame.unchanged) show(frame, asked);
            } catch (error) {
              if (signal.aborted) return;
              setStatus('the studio is not answering; retrying', 'bad');
              await sleep(1000);
            }
          }
        }

        async function refresh() {
          const serial = ++state.serial;
          if (state.wait) state.wait.abort();
          const asked = query();
          try {
            const answer = await fetch('/api/render?' + asked, { cache: 'no-store' });
            const frame = await answer.json();
            if (serial !== state.serial) return;
            if (frame.error) {
              $('input-error').textContent = (frame.error.field ? frame.error.field + ': ' : '') + frame.error.message;
              $('input-error').hidden = false;
            } else {
              show(frame, asked);
            }
          } catch (error) {
            setStatus('the studio is not answering', 'bad');
          }
          if (serial !== state.serial) return;
          state.wait = new AbortController();
          waitLoop(state.wait.signal);
        }

        $('poster').addEventListener('click', (event) => {
          const frame = state.frame;
          if (!frame || !frame.elements) return;
          const box = event.currentTarget.getBoundingClientRect();
          const x = (event.clientX - box.left) / box.width * frame.canvas.width;
          const y = (event.clientY - box.top) / box.height * frame.canvas.height;
          let hit = null;
          // Drawn in order, so the last element containing the point is the one on top.
          for (const item of frame.elements) {
            const b = item.bounds;
            if (b && x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height) hit = item;
          }
          pick(hit);
        });

        let typing = null;
        for (const id of ['code', 'pack', 'invited', 'from', 'fromScores', 'format', 'debug']) $(id).addEventListener('change', refresh);
        for (const id of ['nickname', 'fromNickname']) {
          $(id).addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(refresh, 250); });
        }
        $('format').value = document.body.dataset.format;
        refresh();

        """#
}
