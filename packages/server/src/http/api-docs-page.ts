/**
 * A small self-contained page that renders `/openapi.json` (no CDN, no external script): every
 * operation grouped by tag, with its summary, parameters, request body and responses. Text from
 * the document is inserted with `textContent`, never as HTML.
 */
export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skilldock API</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 960px; margin: 0 auto; padding: 1rem; line-height: 1.45; }
  h2 { border-bottom: 1px solid #8884; padding-bottom: .25rem; margin-top: 2rem; }
  details { border: 1px solid #8884; border-radius: 6px; margin: .5rem 0; padding: .5rem .75rem; }
  summary { cursor: pointer; }
  summary:focus-visible { outline: 2px solid #3b82f6; outline-offset: 2px; }
  .method { display: inline-block; min-width: 4.5rem; font-weight: 700; text-transform: uppercase; }
  code, pre { font-family: ui-monospace, monospace; font-size: .9em; }
  pre { overflow: auto; background: #8881; padding: .5rem; border-radius: 4px; }
</style>
</head>
<body>
<main>
<h1 id="title">Skilldock API</h1>
<p>The machine-readable document is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<div id="operations" aria-live="polite">Loading…</div>
</main>
<script>
(async () => {
  const root = document.getElementById('operations');
  const element = (tag, text, className) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  try {
    const response = await fetch('/openapi.json');
    const doc = await response.json();
    document.getElementById('title').textContent = doc.info.title + ' ' + doc.info.version;
    const byTag = new Map();
    for (const [path, item] of Object.entries(doc.paths || {})) {
      for (const [method, operation] of Object.entries(item)) {
        const tag = (operation.tags && operation.tags[0]) || 'other';
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag).push({ path, method, operation });
      }
    }
    root.textContent = '';
    for (const [tag, operations] of [...byTag].sort()) {
      root.append(element('h2', tag));
      for (const { path, method, operation } of operations) {
        const details = element('details');
        const summary = element('summary');
        summary.append(element('span', method, 'method'), element('code', path), document.createTextNode(' — ' + (operation.summary || '')));
        details.append(summary);
        if (operation.parameters && operation.parameters.length) {
          details.append(element('h3', 'Parameters'));
          const list = element('ul');
          for (const parameter of operation.parameters) list.append(element('li', parameter.in + ' ' + parameter.name + (parameter.required ? ' (required)' : '')));
          details.append(list);
        }
        const body = operation.requestBody && operation.requestBody.content && operation.requestBody.content['application/json'];
        if (body) {
          details.append(element('h3', 'Request body'), element('pre', JSON.stringify(body.schema, null, 2)));
        }
        details.append(element('h3', 'Responses'));
        const responses = element('ul');
        for (const [status, answer] of Object.entries(operation.responses || {})) responses.append(element('li', status + ' ' + (answer.description || '')));
        details.append(responses);
        root.append(details);
      }
    }
  } catch (error) {
    root.textContent = 'Could not load /openapi.json: ' + error;
  }
})();
</script>
</body>
</html>
`;
