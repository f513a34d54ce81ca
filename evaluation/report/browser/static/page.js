"use strict";
// The instance browser: the view is a list of terms kept in the address (#pos=verb&all-wrong),
// the same terms as `--where` (evaluation/report/browser/where.py says what each means).
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const N = D.id.length;
  const S = D.systems.length;
  const PAGE = 100;
  const FIRST = { "first-sense": 0, "not-first-sense": 1 };
  const UNSEEN = { "seen-sense": "seen sense", "unseen-sense": "unseen sense", "unseen-verb": "unseen verb" };
  const FLAGS = [...Object.keys(FIRST), ...Object.keys(UNSEEN), "disagree", "all-wrong", "all-right"];
  const SYSTEM_TERMS = ["right", "wrong", "only-right", "near-miss", "abstains"];
  const VALUE_TERMS = ["dataset", "pos", "lemma", ...SYSTEM_TERMS, "alpha", "sort"];
  const SORTS = ["lemma", "id", "right", "credit"];
  const RANK = { dataset: 0, pos: 1, lemma: 2, alpha: 7, sort: 8 };
  const $ = (id) => document.getElementById(id);

  // --- the instances: answers, whether each method is right, agreement ---
  const list = (v) => (v === null || v === -1 ? [] : Array.isArray(v) ? v : [v]);
  const gold = D.gold.map(list);
  const answer = (k, i) => list(D.answers[k][i]);
  const lengthsOf = (k, i) => (Array.isArray(D.answers[k][i]) ? D.lengths[k][i] : [D.lengths[k][i]]);
  const isGold = (i, s) => (typeof D.gold[i] === "number" ? D.gold[i] === s : D.gold[i].includes(s));
  const right = D.answers.map((column) => Uint8Array.from(column, (a, i) =>
    (typeof a === "number" ? (a >= 0 && isGold(i, a) ? 1 : 0) : a.every((s) => isGold(i, s)) ? 1 : 0)));
  const nRight = new Uint8Array(N);
  const disagree = new Uint8Array(N);
  const signature = (a) => (typeof a === "number" ? a : [...new Set(a)].sort((x, y) => x - y).join(","));
  for (let i = 0; i < N; i++) {
    const first = signature(D.answers[0][i]);
    for (let k = 0; k < S; k++) {
      nRight[i] += right[k][i];
      if (k && !disagree[i] && signature(D.answers[k][i]) !== first) disagree[i] = 1;
    }
  }
  const lemmaNames = [...new Set(D.lemmas.map((l) => l[0]))].sort();

  // Graded credit as the scorer gives it (evaluation/acceptability.py): per answer key the
  // acceptability ((MAXLEN - LEN) / MAXLEN) ** alpha of its path length to the nearest gold
  // key (none: 0), exact match at alpha inf or without a MAXLEN, the mean over the keys; kept
  // to 6 significant digits, as --instances-out writes it.
  const credits = D.alphas.map(() => new Array(S));
  function creditColumn(k, a) {
    if (credits[a][k]) return credits[a][k];
    const alpha = D.alphas[a] === "inf" ? Infinity : parseFloat(D.alphas[a]);
    const column = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const given = answer(k, i);
      if (!given.length) continue;
      const lens = lengthsOf(k, i);
      const maxlen = D.lemmas[D.lp[i]][2];
      let sum = 0;
      given.forEach((s, j) => {
        const d = lens[j];
        if (alpha === Infinity || maxlen === null) sum += isGold(i, s) ? 1 : 0;
        else if (d === null) sum += 0;
        else if (maxlen === 0) sum += d === 0 ? 1 : 0;
        else sum += Math.pow(Math.min(1, Math.max(0, (maxlen - d) / maxlen)), alpha);
      });
      const c = sum / given.length;
      column[i] = c === 0 || c === 1 ? c : Number(c.toPrecision(6));
    }
    return (credits[a][k] = column);
  }

  // --- terms <-> address ---
  let terms = [];
  let page = 1;
  let opened = new Set();
  let errors = [];

  function rank(name) {
    if (name in RANK) return RANK[name];
    if (name in FIRST) return 3;
    if (name in UNSEEN) return 4;
    return 5;
  }

  function parse(text) {
    const found = [];
    errors = [];
    page = 1;
    for (const part of text.split("&")) {
      let t = part.trim();
      try { t = decodeURIComponent(t); } catch (e) { /* kept as written */ }
      if (!t) continue;
      const eq = t.indexOf("=");
      const name = eq < 0 ? t : t.slice(0, eq);
      const value = eq < 0 ? null : t.slice(eq + 1);
      if (name === "page" && value !== null && /^[0-9]+$/.test(value)) { page = Math.max(1, +value); continue; }
      const problem = check(name, value) ||
        ((name === "alpha" || name === "sort") && found.some((x) => x[0] === name) ? "given twice" : "");
      if (problem) { errors.push(`${t}: ${problem}`); continue; }
      found.push([name, value]);
    }
    return found.map((t, j) => [t, j]).sort((a, b) => rank(a[0][0]) - rank(b[0][0]) || a[1] - b[1]).map((x) => x[0]);
  }

  function check(name, value) {
    if (name in UNSEEN && !D.unseenGroups) return "needs the training data (--train-keys)";
    if (value === null) return FLAGS.includes(name) ? "" : VALUE_TERMS.includes(name) ? "give a value" : "unknown term";
    if (!VALUE_TERMS.includes(name) || !value) return FLAGS.includes(name) ? "takes no value" : "unknown term";
    if (SYSTEM_TERMS.includes(name) && !D.systems.includes(value)) return "no such method";
    if (name === "pos" && !D.parts.includes(value)) return "no such part of speech";
    if (name === "dataset" && !D.datasets.includes(value)) return "no such dataset";
    if (name === "alpha" && !D.alphas.includes(value)) return "alpha not scored";
    if (name === "sort") {
      const order = value.replace(/^-/, "");
      const base = order.split(":")[0];
      if (!SORTS.includes(base)) return "sort by lemma, id, right, credit or credit:METHOD";
      if (order.startsWith("credit:") && !D.systems.includes(order.slice(7))) return "no such method";
    }
    return "";
  }

  const word = (t) => (t[1] === null ? t[0] : `${t[0]}=${t[1]}`);
  const encode = (t) => encodeURIComponent(word(t)).replace(/%3D/g, "=").replace(/%3A/g, ":").replace(/%2A/g, "*");
  const shellWord = (w) => (/^[A-Za-z0-9_.,:=*%+@\/-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`);

  function address() {
    const parts = terms.map(encode);
    if (page > 1) parts.push(`page=${page}`);
    return parts.join("&");
  }

  function go(newTerms, newPage) {
    terms = newTerms.map((t, j) => [t, j]).sort((a, b) => rank(a[0][0]) - rank(b[0][0]) || a[1] - b[1]).map((x) => x[0]);
    page = newPage || 1;
    const target = "#" + address();
    if (location.hash !== target && !(target === "#" && location.hash === "")) location.hash = target;
    else render();
  }

  const value = (name) => { const t = terms.find((x) => x[0] === name); return t ? t[1] : null; };
  const without = (names) => terms.filter((t) => !names.includes(t[0]));

  // --- filters ---
  const alphaIndex = () => Math.max(0, D.alphas.indexOf(value("alpha") || D.alpha));
  const credit = (k, i, a) => creditColumn(k, a)[i];

  function pattern(text) {
    return new RegExp("^" + text.split("*").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "$", "i");
  }

  function test(t, a) {
    const [name, v] = t;
    const k = D.systems.indexOf(v);
    switch (name) {
      case "dataset": { const d = D.datasets.indexOf(v); return (i) => D.ds[i] === d; }
      case "pos": { const p = D.parts.indexOf(v); return (i) => D.pos[i] === p; }
      case "lemma": { const re = pattern(v); const ok = D.lemmas.map((l) => re.test(l[0])); return (i) => ok[D.lp[i]]; }
      case "disagree": return (i) => disagree[i] === 1;
      case "all-wrong": return (i) => nRight[i] === 0;
      case "all-right": return (i) => nRight[i] === S;
      case "right": return (i) => right[k][i] === 1;
      case "wrong": return (i) => right[k][i] === 0;
      case "only-right": return (i) => right[k][i] === 1 && nRight[i] === 1;
      case "near-miss": return (i) => right[k][i] === 0 && credit(k, i, a) > 0;
      case "abstains": return (i) => D.answers[k][i] === -1;
      case "alpha": case "sort": return null;
      default:
        if (name in FIRST) return (i) => D.first[i] === FIRST[name];
        if (name in UNSEEN) { const g = D.unseenGroups.indexOf(UNSEEN[name]); return (i) => D.unseen[i] === g; }
        return null;
    }
  }

  const FACETS = { dataset: ["dataset"], pos: ["pos"], lemma: ["lemma"], first: Object.keys(FIRST),
    unseen: Object.keys(UNSEEN), cond: ["disagree", "all-wrong", "all-right", ...SYSTEM_TERMS] };

  function passing(ts, skip) {
    const used = ts.filter((x) => x.test && !(skip && FACETS[skip].includes(x.name))).map((x) => x.test);
    const out = [];
    for (let i = 0; i < N; i++) if (used.every((f) => f(i))) out.push(i);
    return out;
  }

  function sortKey(order, a) {
    if (order === "id") return (i) => D.id[i];
    if (order === "right") return (i) => nRight[i];
    if (order === "credit") {
      const columns = D.systems.map((_, k) => creditColumn(k, a));
      return (i) => { let s = 0; for (let k = 0; k < S; k++) s += columns[k][i]; return s / S; };
    }
    if (order.startsWith("credit:")) { const k = D.systems.indexOf(order.slice(7)); return (i) => credit(k, i, a); }
    return null;
  }

  function ordered(rows, a) {
    const order = value("sort") || "lemma";
    const descending = order.startsWith("-");
    const key = sortKey(order.replace(/^-/, ""), a);
    if (!key) return descending ? rows.slice().reverse() : rows;
    const keys = new Map(rows.map((i) => [i, key(i)]));
    const cmp = (x, y) => (x < y ? -1 : x > y ? 1 : 0);
    return rows.slice().sort((i, j) => (descending ? cmp(keys.get(j), keys.get(i)) : cmp(keys.get(i), keys.get(j))) || i - j);
  }

  // --- text helpers ---
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const fmt = (x) => (x === 0 ? "0" : x === 1 ? "1" : x.toFixed(3).replace(/^0\./, "."));
  const num = (x) => x.toLocaleString("en");
  const colour = (c) => `hsl(${Math.round(120 * c)},70%,${Math.round(80 + 8 * c)}%)`;
  const senseLabel = (s) => (D.senseNumber[s] > 0 ? String(D.senseNumber[s]) : "?");
  const inventories = D.lemmas.map((l) => new Set(l[3]));
  // an answer's sense number, or ? for a sense of another lemma or a key the thesaurus lacks
  const answerLabel = (i, s) => (inventories[D.lp[i]].has(s) ? senseLabel(s) : "?");
  const senseTitle = (s) => `${D.senseKey[s]}${D.senseGloss[s] ? " \u2014 " + D.senseGloss[s] : ""}`;

  function context(i, wide) {
    const s = D.sent[i];
    if (s < 0) return '<span class="note">(no sentence)</span>';
    const tokens = D.sentences[s];
    const t = D.tok[i];
    const reach = wide ? tokens.length : 8;
    const from = Math.max(0, t - reach), to = Math.min(tokens.length, t + reach + 1);
    const words = [];
    for (let j = from; j < to; j++) words.push(j === t ? `<mark>${esc(tokens[j])}</mark>` : esc(tokens[j]));
    return (from > 0 ? "\u2026 " : "") + words.join(" ") + (to < tokens.length ? " \u2026" : "");
  }

  function answerCell(k, i, a) {
    const given = answer(k, i);
    const label = esc(D.systems[k]);
    if (!given.length) return `<td class="ans none" title="${label}: no answer">\u2013</td>`;
    const c = credit(k, i, a);
    const lens = lengthsOf(k, i);
    const text = given.map((s) => answerLabel(i, s)).join("+");
    // the path length says how far a wrong answer is from the gold (a right one's is 0)
    const len = right[k][i] || lens.every((d) => d === null) ? "" : `<small>\u00b7${lens.map((d) => (d === null ? "\u2013" : d)).join("+")}</small>`;
    const title = `${D.systems[k]}: ${given.map(senseTitle).join(" | ")}; path length to the gold ${lens.map((d) => (d === null ? "n/a" : d)).join("+")}; credit ${fmt(c)} at alpha ${D.alphas[a]}`;
    return `<td class="ans" style="background:${colour(c)}" title="${esc(title)}">${right[k][i] ? "<b>" + text + "</b>" : text}${len}</td>`;
  }

  function goldCell(i) {
    return gold[i].map((s) => `<div class="g" title="${esc(senseTitle(s))}"><span class="sn">${senseLabel(s)}</span>` +
      `<span class="gl">${esc(D.senseGloss[s] || D.senseKey[s])}</span></div>`).join("");
  }

  function row(i, a) {
    const ds = D.datasets.length > 1 ? ` \u00b7 ${esc(D.datasets[D.ds[i]])}` : "";
    const lemma = D.lemmas[D.lp[i]][0];
    let cells = `<td class="id"><a class="lemma" href="#" data-lemma="${esc(lemma)}">${esc(lemma)}</a> ` +
      `<span class="meta">${D.parts[D.pos[i]]}${ds} \u00b7 ${esc(D.id[i])}</span>` +
      `<div class="ctx">${context(i, false)}</div></td><td class="gold">${goldCell(i)}</td>`;
    for (let k = 0; k < S; k++) cells += answerCell(k, i, a);
    cells += `<td class="num">${nRight[i]}/${S}</td>`;
    let html = `<tr class="inst" data-row="${i}">${cells}</tr>`;
    if (opened.has(i)) html += detail(i, a);
    return html;
  }

  function detail(i, a) {
    const lp = D.lemmas[D.lp[i]];
    const golds = gold[i].map((s) => `<li><b>${senseLabel(s)}</b> <code>${esc(D.senseKey[s])}</code> ${esc(D.senseGloss[s] || "")}</li>`).join("");
    const head = `<tr><th>method</th><th>answer</th><th>gloss</th><th>path length</th>${D.alphas.map((x) => `<th>credit a=${esc(x)}</th>`).join("")}</tr>`;
    let body = "";
    for (let k = 0; k < S; k++) {
      const given = answer(k, i);
      const keys = given.length ? given.map((s) => `<b>${answerLabel(i, s)}</b> <code>${esc(D.senseKey[s])}</code>`).join("<br>") : "(no answer)";
      const glosses = given.map((s) => esc(D.senseGloss[s] || "")).join("<br>");
      const lens = given.length ? lengthsOf(k, i).map((d) => (d === null ? "n/a" : d)).join("<br>") : "";
      const credits = D.alphas.map((x, j) => `<td class="num" style="background:${colour(credit(k, i, j))}">${fmt(credit(k, i, j))}</td>`).join("");
      body += `<tr><td>${esc(D.systems[k])}${right[k][i] ? " \u2713" : ""}</td><td>${keys}</td><td class="wrap">${glosses}</td><td class="num">${lens}</td>${credits}</tr>`;
    }
    const fold = D.fold ? ` &middot; fold ${D.fold[i]}` : "";
    const unseen = D.unseen ? ` &middot; ${esc(D.unseenGroups[D.unseen[i]])}` : "";
    return `<tr class="detail"><td colspan="${S + 3}"><p>${context(i, true)}</p>` +
      `<p class="note">${esc(D.id[i])} &middot; ${esc(lp[0])} (${D.parts[lp[1]]}), ${lp[3].length} senses` +
      `${lp[2] === null ? "" : ", MAXLEN " + lp[2]} &middot; ${esc(D.firstGroups[D.first[i]])}${unseen}${fold}</p>` +
      `<p>Gold:</p><ul>${golds}</ul><div class="scroll"><table>${head}${body}</table></div></td></tr>`;
  }

  // --- the lemma view ---
  function lemmaView(rows, a) {
    const name = value("lemma");
    if (!name || name.includes("*")) return "";
    const panels = [];
    D.lemmas.forEach((lp, index) => {
      if (lp[0].toLowerCase() !== name.toLowerCase()) return;
      const mine = rows.filter((i) => D.lp[i] === index);
      panels.push(lemmaPanel(lp, mine, a));
    });
    return panels.join("");
  }

  function lemmaPanel(lp, rows, a) {
    const [lemma, part, maxlen, inventory, shown, tri] = lp;
    const at = new Map(shown.map((s, j) => [s, j]));
    const length = (x, y) => {
      if (x === y) return 0;
      if (!at.has(x) || !at.has(y)) return null;
      let p = at.get(x), q = at.get(y);
      if (p > q) [p, q] = [q, p];
      const m = shown.length;
      return tri[p * m - (p * (p + 1)) / 2 + (q - p - 1)];
    };
    const goldCount = new Map();
    for (const i of rows) for (const s of gold[i]) goldCount.set(s, (goldCount.get(s) || 0) + 1);
    const most = Math.max(1, ...goldCount.values());
    const answered = new Map();
    for (const i of rows) for (let k = 0; k < S; k++) for (const s of answer(k, i)) answered.set(s, (answered.get(s) || 0) + 1);
    const line = (s) => `<tr><td class="num">${senseLabel(s)}</td><td><code>${esc(D.senseKey[s])}</code></td>` +
      `<td class="wrap">${esc(D.senseGloss[s] || "")}</td><td class="num">${goldCount.get(s) || 0}` +
      `<span class="bar" style="width:${(4 * (goldCount.get(s) || 0)) / most}em"></span></td>` +
      `<td class="num">${answered.get(s) || 0}</td></tr>`;
    const named = inventory.filter((s) => goldCount.has(s) || answered.has(s));
    const rest = inventory.filter((s) => !goldCount.has(s) && !answered.has(s));
    const header = `<tr><th>#</th><th>sense</th><th>gloss</th><th>gold</th><th title="answers of every method">answered</th></tr>`;
    const senses = `<table class="senses">${header}${named.map(line).join("")}</table>` + (rest.length ?
      `<details><summary>${rest.length} more senses of ${esc(lemma)} that no instance here names</summary>` +
      `<table class="senses">${header}${rest.map(line).join("")}</table></details>` : "");
    const goldRows = [...goldCount.keys()].sort((x, y) => (D.senseNumber[x] || 1e9) - (D.senseNumber[y] || 1e9) || x - y);
    const figures = [];
    for (let k = 0; k < S; k++) figures.push(matrix(k, lemma, part, inventory, rows, goldRows, length));
    return `<div class="panel"><h2>${esc(lemma)} (${D.parts[part]})</h2>` +
      `<p class="note">${inventory.length} senses${maxlen === null ? " (a lemma the thesaurus does not know)" : ", MAXLEN " + maxlen}; ` +
      `${num(rows.length)} instances in this view. Each matrix counts, per gold sense (rows) and answer (columns), the ` +
      `instances in this view; an instance with several gold senses or answers counts in each of their cells. ` +
      `The small number is the path length between the two senses; framed cells are right.</p>` +
      `<div class="scroll">${senses}</div>` +
      `<div class="matrices">${figures.join("")}</div></div>`;
  }

  function matrix(k, lemma, part, inventory, rows, goldRows, length) {
    const inInventory = new Set(inventory);
    const counts = new Map();
    const columns = new Set();
    for (const i of rows) {
      const given = answer(k, i);
      const cols = given.length ? given.map((s) => (inInventory.has(s) ? s : "other")) : ["none"];
      for (const g of gold[i]) for (const c of new Set(cols)) {
        columns.add(c);
        const key = `${g}|${c}`;
        counts.set(key, (counts.get(key) || 0) + 1);
      }
    }
    const senseCols = [...columns].filter((c) => typeof c === "number").sort((x, y) => D.senseNumber[x] - D.senseNumber[y] || x - y);
    const cols = [...senseCols, ...["other", "none"].filter((c) => columns.has(c))];
    const most = Math.max(1, ...counts.values());
    const head = cols.map((c) => (typeof c === "number" ? `<th title="${esc(senseTitle(c))}">${senseLabel(c)}</th>` :
      `<th title="${c === "other" ? "a sense of another lemma, or a key the thesaurus does not know" : "no answer"}">${c === "other" ? "other" : "\u2013"}</th>`)).join("");
    const body = goldRows.map((g) => {
      const cells = cols.map((c) => {
        const n = counts.get(`${g}|${c}`) || 0;
        const d = typeof c === "number" ? length(c, g) : null;
        const diag = c === g;
        const shade = n ? `background:hsl(${diag ? 120 : 20},60%,${Math.round(95 - 35 * (n / most))}%)` : "";
        const answerKey = typeof c === "number" ? D.senseKey[c] : c;
        return `<td class="${diag ? "diag" : ""}" style="${shade}" data-gold="${esc(D.senseKey[g])}" data-answer="${esc(answerKey)}" data-count="${n}">` +
          `${n || ""}${d === null ? "" : `<small>${d}</small>`}</td>`;
      }).join("");
      return `<tr><th title="${esc(senseTitle(g))}">${senseLabel(g)}</th>${cells}</tr>`;
    }).join("");
    return `<figure><figcaption>${esc(D.systems[k])}</figcaption><table class="matrix" data-system="${esc(D.systems[k])}" ` +
      `data-lemma="${esc(lemma)}" data-pos="${D.parts[part]}"><tr><th>gold \\ answer</th>${head}</tr>${body}</table></figure>`;
  }

  // --- the controls ---
  function options(select, items, current) {
    select.innerHTML = items.map(([v, text]) => `<option value="${esc(v)}"${v === current ? " selected" : ""}>${esc(text)}</option>`).join("");
    select.value = current;
  }

  function countsBy(rows, of) {
    const out = new Map();
    for (const i of rows) { const v = of(i); out.set(v, (out.get(v) || 0) + 1); }
    return out;
  }

  // [key, what it shows, how many methods it names, its terms]
  const CONDITIONS = [
    ["", "any", 0, () => []],
    ["disagree", "the methods disagree", 0, () => [["disagree", null]]],
    ["all-wrong", "every method is wrong", 0, () => [["all-wrong", null]]],
    ["all-right", "every method is right", 0, () => [["all-right", null]]],
    ["only-right", "only X is right", 1, (x) => [["only-right", x]]],
    ["right-wrong", "X is right and Y wrong", 2, (x, y) => [["right", x], ["wrong", y]]],
    ["right", "X is right", 1, (x) => [["right", x]]],
    ["wrong", "X is wrong", 1, (x) => [["wrong", x]]],
    ["near-miss", "X is near (wrong, credit > 0)", 1, (x) => [["near-miss", x]]],
    ["abstains", "X gives no answer", 1, (x) => [["abstains", x]]],
  ];
  let chosenX = D.systems[0];
  let chosenY = D.systems[Math.min(1, S - 1)];

  function conditionOf(conds) {
    const xs = conds.map((t) => t[1]).filter((v) => v !== null);
    for (const [key, , , make] of CONDITIONS) {
      const made = make(xs[0] || chosenX, xs[1] || chosenY);
      if (made.length === conds.length && made.every((t, j) => t[0] === conds[j][0] && t[1] === conds[j][1])) {
        if (xs[0]) chosenX = xs[0];
        if (xs[1]) chosenY = xs[1];
        return key;
      }
    }
    return "custom";
  }

  const condition = (key) => CONDITIONS.find((c) => c[0] === key);
  const conditionTerms = (key) => (condition(key) ? condition(key)[3](chosenX, chosenY) : []);

  function controls(ts, a) {
    const base = (facet) => passing(ts, facet);
    const label = (text, n) => `${text} (${num(n || 0)})`;
    // dataset
    $("l-dataset").hidden = D.datasets.length < 2;
    if (D.datasets.length > 1) {
      const c = countsBy(base("dataset"), (i) => D.ds[i]);
      options($("f-dataset"), [["", "all"], ...D.datasets.map((d, j) => [d, label(d, c.get(j))])], value("dataset") || "");
    }
    const cp = countsBy(base("pos"), (i) => D.pos[i]);
    options($("f-pos"), [["", "all"], ...D.parts.map((p, j) => [p, label(p, cp.get(j))]).filter((o, j) => cp.get(j) || o[0] === value("pos"))], value("pos") || "");
    const cf = countsBy(base("first"), (i) => D.first[i]);
    const first = terms.find((t) => t[0] in FIRST);
    options($("f-first"), [["", "any"], ["first-sense", label("WordNet's first sense", cf.get(0))],
      ["not-first-sense", label("not the first sense", cf.get(1))]], first ? first[0] : "");
    $("l-unseen").hidden = !D.unseenGroups;
    if (D.unseenGroups) {
      const cu = countsBy(base("unseen"), (i) => D.unseen[i]);
      const seen = terms.find((t) => t[0] in UNSEEN);
      options($("f-unseen"), [["", "any"], ...Object.entries(UNSEEN).map(([t, g]) => [t, label(g, cu.get(D.unseenGroups.indexOf(g)))])], seen ? seen[0] : "");
    }
    $("f-lemma").value = value("lemma") || "";
    // answers
    const conds = terms.filter((t) => rank(t[0]) === 5);
    const current = conditionOf(conds);
    const rowsCond = base("cond");
    const condItems = CONDITIONS.filter((c) => S > 1 || !["disagree", "only-right", "right-wrong"].includes(c[0])).map(([key, text]) => {
      const checks = conditionTerms(key).map((t) => test(t, a));
      return [key, label(text, rowsCond.filter((i) => checks.every((f) => f(i))).length)];
    });
    if (current === "custom") condItems.push(["custom", conds.map(word).join(" ")]);
    options($("f-cond"), condItems, current);
    const named = condition(current) ? condition(current)[2] : 0;
    $("l-x").hidden = named < 1;
    $("l-y").hidden = named < 2;
    options($("f-x"), D.systems.map((s) => [s, s]), chosenX);
    options($("f-y"), D.systems.map((s) => [s, s]), chosenY);
    options($("f-alpha"), D.alphas.map((x) => [x, x === "inf" ? "inf (exact match)" : x]), D.alphas[a]);
    const sorts = [["lemma", "by lemma"], ["id", "by instance id"], ["right", "fewest methods right first"],
      ["-right", "most methods right first"], ["credit", "lowest mean credit first"], ["-credit", "highest mean credit first"],
      ...D.systems.map((s) => [`credit:${s}`, `lowest credit of ${s} first`])];
    const sort = value("sort") || "lemma";
    if (!sorts.some((o) => o[0] === sort)) sorts.push([sort, sort]);
    options($("f-sort"), sorts, sort);
  }

  // The table's head: a column per method (its label upright when few, else turned) and,
  // above the instances, how each method does on those in the view.
  function head(rows, a) {
    const turned = S > 6 ? " turned" : "";
    const labels = `<tr><th>lemma, instance, sentence</th><th>gold</th>` +
      D.systems.map((s) => `<th class="sys${turned}" title="${esc(s)}"><span>${esc(s)}</span></th>`).join("") +
      `<th title="how many methods are right">right</th></tr>`;
    const ok = new Array(S).fill(0), none = new Array(S).fill(0), only = new Array(S).fill(0), sum = new Array(S).fill(0);
    for (let k = 0; k < S; k++) {
      const column = creditColumn(k, a);
      for (const i of rows) {
        ok[k] += right[k][i];
        none[k] += D.answers[k][i] === -1 ? 1 : 0;
        only[k] += right[k][i] && nRight[i] === 1 ? 1 : 0;
        sum[k] += column[i];
      }
    }
    const n = rows.length || 1;
    const line = (what, title, cells, total) => `<tr class="sum"><th colspan="2" title="${esc(title)}">${what}</th>${cells}<td class="num">${total}</td></tr>`;
    const shares = ok.map((x) => `<td class="num" title="${num(x)} of ${num(rows.length)}">${fmt(x / n)}</td>`).join("");
    const means = sum.map((x) => `<td class="num" style="background:${colour(x / n)}">${fmt(x / n)}</td>`).join("");
    let out = labels + line("right (share of the instances in view)", "every key the method gave is a gold key", shares, "") +
      line(`mean credit at alpha ${esc(D.alphas[a])}`, "abstentions earn 0", means, "");
    if (S > 1) out += line("only this method right", "instances no other method gets right", only.map((x) => `<td class="num">${num(x)}</td>`).join(""), "");
    if (none.some((x) => x)) out += line("no answer", "abstentions", none.map((x) => `<td class="num">${num(x)}</td>`).join(""), "");
    return out;
  }

  function pager(total) {
    const pages = Math.max(1, Math.ceil(total / PAGE));
    const b = (p, text, off) => `<button type="button" data-page="${p}"${off ? " disabled" : ""}>${text}</button>`;
    return b(1, "\u00ab first", page <= 1) + b(page - 1, "\u2039 previous", page <= 1) +
      `<span>page ${num(page)} of ${num(pages)}</span>` + b(page + 1, "next \u203a", page >= pages) + b(pages, "last \u00bb", page >= pages);
  }

  function render() {
    terms = parse(location.hash.replace(/^#/, ""));
    const a = alphaIndex();
    const ts = terms.map((t) => ({ name: t[0], test: test(t, a) }));
    const rows = ordered(passing(ts, null), a);
    const pages = Math.max(1, Math.ceil(rows.length / PAGE));
    if (page > pages) page = pages;
    $("errors").hidden = !errors.length;
    $("errors").textContent = errors.length ? "Not understood, left out: " + errors.join("; ") : "";
    controls(ts, a);
    $("count").textContent = num(rows.length);
    const from = (page - 1) * PAGE;
    $("range").textContent = rows.length > PAGE ? ` \u00b7 showing ${num(from + 1)}\u2013${num(Math.min(rows.length, from + PAGE))}` : "";
    $("terms").textContent = terms.map(word).join(" ") || "(none)";
    const cli = terms.length ? " --where " + terms.map((t) => shellWord(word(t))).join(" ") : "";
    $("command").textContent = `wsd ${D.kind === "comparison" ? "compare" : "evaluate"} ... --instances-out view.jsonl${cli}`;
    $("lemma-view").innerHTML = lemmaView(rows, a);
    $("pager-top").innerHTML = $("pager-bottom").innerHTML = pager(rows.length);
    document.querySelector("#rows thead").innerHTML = head(rows, a);
    document.querySelector("#rows tbody").innerHTML = rows.slice(from, from + PAGE).map((i) => row(i, a)).join("");
    shown = rows;
  }

  // For scripts and tests: the rows of the view (indices into the instances, in order) and
  // the credit the page computed for method k at alpha index a.
  let shown = [];
  window.wsdInstances = {
    ids: () => shown.map((i) => D.id[i]),
    credit: (k, a) => Array.from(creditColumn(k, a)),
  };

  // --- events ---
  function setTerm(names, made) { go([...without(names), ...made]); }
  $("f-dataset").addEventListener("change", (e) => setTerm(["dataset"], e.target.value ? [["dataset", e.target.value]] : []));
  $("f-pos").addEventListener("change", (e) => setTerm(["pos"], e.target.value ? [["pos", e.target.value]] : []));
  $("f-first").addEventListener("change", (e) => setTerm(Object.keys(FIRST), e.target.value ? [[e.target.value, null]] : []));
  $("f-unseen").addEventListener("change", (e) => setTerm(Object.keys(UNSEEN), e.target.value ? [[e.target.value, null]] : []));
  $("f-lemma").addEventListener("change", (e) => setTerm(["lemma"], e.target.value.trim() ? [["lemma", e.target.value.trim()]] : []));
  const condNames = FACETS.cond;
  $("f-cond").addEventListener("change", (e) => { if (e.target.value !== "custom") setTerm(condNames, conditionTerms(e.target.value)); });
  const pick = (which) => (e) => {
    if (which === "x") chosenX = e.target.value; else chosenY = e.target.value;
    setTerm(condNames, conditionTerms($("f-cond").value));
  };
  $("f-x").addEventListener("change", pick("x"));
  $("f-y").addEventListener("change", pick("y"));
  $("f-alpha").addEventListener("change", (e) => setTerm(["alpha"], e.target.value === D.alpha ? [] : [["alpha", e.target.value]]));
  $("f-sort").addEventListener("change", (e) => setTerm(["sort"], e.target.value === "lemma" ? [] : [["sort", e.target.value]]));
  $("reset").addEventListener("click", () => { opened = new Set(); go([]); });
  $("filters").addEventListener("submit", (e) => e.preventDefault());
  for (const id of ["pager-top", "pager-bottom"]) {
    $(id).addEventListener("click", (e) => {
      const p = e.target.getAttribute && e.target.getAttribute("data-page");
      if (p) go(terms, +p);
    });
  }
  document.querySelector("#rows tbody").addEventListener("click", (e) => {
    const link = e.target.closest("a.lemma");
    if (link) { e.preventDefault(); setTerm(["lemma"], [["lemma", link.getAttribute("data-lemma")]]); window.scrollTo(0, 0); return; }
    const tr = e.target.closest("tr.inst");
    if (!tr) return;
    const i = +tr.getAttribute("data-row");
    if (opened.has(i)) opened.delete(i); else opened.add(i);
    render();
  });
  window.addEventListener("hashchange", render);

  // --- once ---
  $("setup").textContent = D.setup + (D.contextNote ? `. Sentences: ${D.contextNote}.` : ".");
  $("total").textContent = num(N);
  $("lemma-list").innerHTML = lemmaNames.map((l) => `<option value="${esc(l)}">`).join("");
  $("legend").innerHTML = `Cells: the sense number of each method's answer in WordNet's order (bold: right; ? a sense ` +
    `of another lemma or a key the thesaurus does not know; \u2013 no answer) and, after the dot, its path length to the nearest gold sense; ` +
    `coloured by its credit at the chosen alpha: ` +
    [0, 0.25, 0.5, 0.75, 1].map((c) => `<span class="sw" style="background:${colour(c)}"></span> ${fmt(c)}`).join(" ") +
    `. A method is right when every key it gave is a gold key.`;
  render();
  performance.mark("wsd-rendered");  // when the page first shows its instances
})();
