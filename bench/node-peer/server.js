// The Node.js peer of layoutd for the benchmark: `http` + `JSON.parse` + `JSON.stringify` and
// the same layout math (contract §3–§6), no npm packages. Validation is reduced to "an object with
// the required members" — the benchmark sends only valid bodies.
//
//   node server.js PORT [WORKERS]     (binds 127.0.0.1; WORKERS > 1 uses node:cluster)
'use strict';
const http = require('node:http');
const cluster = require('node:cluster');

const port = Number(process.argv[2] || 8082);
const workers = Number(process.argv[3] || 1);

const zero = (v) => (v === 0 ? 0 : v); // no -0 in answers
const insets = (i) => ({ top: (i && i.top) || 0, left: (i && i.left) || 0, bottom: (i && i.bottom) || 0, right: (i && i.right) || 0 });
const normInsets = (i) => ({ top: zero(i.top), left: zero(i.left), bottom: zero(i.bottom), right: zero(i.right) });

function keyboard(req, container) {
  const screen = req.screen || container;
  let kb = null;
  if (req.keyboardHeight !== undefined && req.keyboardHeight !== null) {
    const h = req.keyboardHeight;
    kb = { x: screen.x, y: screen.y + screen.height - h, width: screen.width, height: h };
  } else if (req.keyboard) {
    kb = req.keyboard;
  }
  const screenMaxY = screen.y + screen.height;
  let state = 'hidden';
  if (kb && kb.width > 0 && kb.height > 0 && kb.y < screenMaxY) {
    state = kb.y + kb.height >= screenMaxY - 0.5 ? 'docked' : 'undocked';
  }
  let overlap = 0;
  if (kb && (state === 'docked' || (state === 'undocked' && req.undocked === 'avoid'))) {
    const apart = kb.x + kb.width <= container.x || kb.x >= container.x + container.width ||
      kb.y + kb.height <= container.y || kb.y >= container.y + container.height;
    if (!apart) overlap = zero(Math.min(Math.max(container.y + container.height - kb.y, 0), container.height));
  }
  return { state, overlap };
}

function reveal(tMin, tMax, y, top, bottomEdge) {
  if (tMax - tMin > bottomEdge - top) return tMin - top;
  if (tMax > y + bottomEdge) return tMax - bottomEdge;
  if (tMin < y + top) return tMin - top;
  return y;
}

function scroll(tMin, tMax, height, overlap, safeArea, offset, size, inset, always) {
  const out = { ...inset, bottom: inset.bottom + Math.max(0, overlap - safeArea.bottom) };
  const top = inset.top + safeArea.top;
  const bottom = inset.bottom + Math.max(overlap, safeArea.bottom);
  const y = overlap > 0 || always ? reveal(tMin, tMax, offset.y, top, height - bottom) : offset.y;
  const minY = -top;
  const maxY = Math.max(minY, size.height + bottom - height);
  const clamped = Math.min(Math.max(y, minY), maxY);
  const fits = tMin >= clamped + top && tMax <= clamped + height - bottom;
  return { contentOffset: { x: zero(offset.x), y: zero(clamped) }, insets: normInsets(out), fits };
}

const curves = { 1: 'ease-in', 2: 'ease-out', 3: 'linear', 7: 'cubic-bezier(0.38, 0.7, 0.125, 1)' };

function avoid(req) {
  const c = req.container, f = req.field;
  const kb = keyboard(req, c);
  const safeArea = insets(req.safeArea);
  const margin = req.margin ?? 10;
  const mode = req.mode ?? 'translate';
  const answer = { mode, keyboard: kb };
  const keyboardTop = c.height - kb.overlap;
  if (mode === 'translate') {
    if (kb.overlap === 0) {
      answer.offset = { x: 0, y: 0 };
      answer.fits = true;
    } else {
      const need = f.y + f.height + margin - keyboardTop;
      const room = Math.max(0, f.y - safeArea.top);
      answer.offset = { x: 0, y: zero(-(need <= 0 ? 0 : Math.min(need, room))) };
      answer.fits = need <= room;
    }
  } else if (mode === 'scroll') {
    const s = scroll(f.y, f.y + f.height + margin, c.height, kb.overlap, safeArea, req.contentOffset,
      req.contentSize, insets(req.contentInset), false);
    answer.contentOffset = s.contentOffset;
    answer.contentInset = s.insets;
    answer.scrollIndicatorInsets = s.insets;
    answer.fits = s.fits;
  } else {
    answer.bottomInset = kb.overlap;
    answer.additionalSafeAreaInsets = { top: 0, left: 0, bottom: zero(Math.max(0, kb.overlap - safeArea.bottom)), right: 0 };
    answer.visible = { x: 0, y: 0, width: c.width, height: zero(keyboardTop) };
    answer.fits = f.y + f.height + margin <= keyboardTop && f.y >= safeArea.top;
  }
  if (req.animation) {
    const duration = req.animation.duration ?? 0.25, curve = req.animation.curve ?? 7;
    answer.animation = { duration, curve, options: curve << 16, timingFunction: curves[curve] || 'ease-in-out' };
  }
  return answer;
}

function caretFollow(req) {
  const t = req.textView, caret = req.caret;
  const kb = keyboard(req, t);
  const margin = req.margin ?? 0;
  const maxY = caret.y + Math.max(caret.height, req.lineHeight ?? 0);
  const s = scroll(caret.y - margin, maxY + margin, t.height, kb.overlap, insets(req.safeArea),
    req.contentOffset, req.contentSize, insets(req.contentInset), true);
  return {
    keyboard: kb, contentOffset: s.contentOffset, contentInset: s.insets, scrollIndicatorInsets: s.insets,
    changed: s.contentOffset.x !== req.contentOffset.x || s.contentOffset.y !== req.contentOffset.y,
    caretVisible: s.fits,
  };
}

const routes = { '/avoid': [avoid, ['container', 'field']], '/caret-follow': [caretFollow, ['textView', 'caret', 'contentOffset', 'contentSize']] };

function send(res, status, body, type) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function problem(res, status, detail) {
  send(res, status, JSON.stringify({ type: 'about:blank', status, detail }), 'application/problem+json');
}

function serve(req, res) {
  const route = routes[req.url];
  if (!route) return problem(res, 404, 'no such route');
  if (req.method !== 'POST') return problem(res, 405, 'POST only');
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    } catch (error) {
      return problem(res, 400, 'not JSON');
    }
    if (typeof body !== 'object' || body === null || route[1].some((m) => typeof body[m] !== 'object' || body[m] === null)) {
      return problem(res, 422, 'missing member');
    }
    send(res, 200, JSON.stringify(route[0](body)), 'application/json');
  });
}

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
} else {
  http.createServer({ keepAliveTimeout: 10000 }, serve).listen(port, '127.0.0.1', () => {
    if (!cluster.isWorker || cluster.worker.id === 1) console.error(`node-peer: 127.0.0.1:${port}, ${workers} process(es)`);
  });
}
