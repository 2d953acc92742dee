// puzzlelab's GridLab: a grid the student draws, and searches spreading over it.
//
// The student paints walls and terrain, drags S and G, and picks up to four searches;
// each runs here, in the browser, the moment the map changes, so the widget answers
// with a busy kernel and on a page with no kernel. The searches follow the rules
// written at the top of puzzlelab/search/engine.py (and bidirectional.py's layers), so
// each expands the cells puzzlelab's Python search expands, in the same order;
// tests/browser/test_grid_lab.py holds them to it.
//
// Vocabulary: a *cell* is a number, row * cols + column; a *world* is a map read from
// text art; a *run* is one search on a world: its nodes (each with the frame it was
// born in and the frame it was gone by), the cells in the order expanded, the path.
// Frame k shows a run after k expansions; a solved run's last frame shows its path.
//
// The model holds: text (the map), diagonal (8 directions), searches (their names),
// interval, words and large, as every stepper's.

var GRID_SEARCHES = {
  bfs: "breadth-first",
  dfs: "depth-first",
  uniform_cost: "uniform cost",
  greedy: "greedy",
  astar: "A*",
  weighted_astar: "weighted A* (weight 2)",
  bidirectional: "bidirectional",
};
// up, down, left, right, then up-left, up-right, down-left, down-right: GridWorld's order
var GRID_STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [-1, 1], [1, -1], [1, 1]];
var GRID_TERRAIN = { f: 5, w: 10 };
var GRID_BRUSHES = [["#", "wall"], [".", "open"], ["f", "forest"], ["w", "water"], [".", "eraser"]];
var GRID_COLOURS = { "#": "#3b3b3b", ".": "#ffffff", f: "#a6d38b", w: "#9cc3ec" };
var GRID_SIDES = ["#d62728", "#7b3fb8"]; // the frontier's outline: forward, backward

// -- the map ---------------------------------------------------------------------------

function gridWorld(text, diagonal) {
  var lines = text.split("\n");
  var world = { rows: lines.length, cols: lines[0].length, marks: [], cost: [],
                diagonal: Boolean(diagonal), start: -1, goal: -1 }; // prettier-ignore
  lines.forEach(function (line) {
    for (var c = 0; c < world.cols; c++) gridMark(world, world.marks.length, line.charAt(c));
  });
  return world;
}

// Write *mark* in *cell*: its cost (0 for a wall), and the start or goal if it is S or G.
function gridMark(world, cell, mark) {
  world.marks[cell] = mark;
  world.cost[cell] =
    mark === "#" ? 0 : /^[1-9]$/.test(mark) ? Number(mark) : GRID_TERRAIN[mark] || 1;
  if (mark === "S") world.start = cell;
  if (mark === "G") world.goal = cell;
}

function gridText(world) {
  var lines = [];
  for (var r = 0; r < world.rows; r++) {
    lines.push(world.marks.slice(r * world.cols, (r + 1) * world.cols).join(""));
  }
  return lines.join("\n");
}

// [next cell, step cost] for every step out of *cell*, in GridWorld's order of actions.
function gridMoves(world, cell) {
  var r = Math.floor(cell / world.cols), c = cell % world.cols, moves = [];
  for (var k = 0; k < (world.diagonal ? 8 : 4); k++) {
    var dr = GRID_STEPS[k][0], dc = GRID_STEPS[k][1], rr = r + dr, cc = c + dc;
    if (rr < 0 || cc < 0 || rr >= world.rows || cc >= world.cols) continue;
    var next = rr * world.cols + cc;
    if (!world.cost[next]) continue; // a wall
    if (dr && dc && (!world.cost[rr * world.cols + c] || !world.cost[r * world.cols + cc])) {
      continue; // a diagonal step may not cut a wall's corner
    }
    moves.push([next, dr && dc ? world.cost[next] * Math.SQRT2 : world.cost[next]]);
  }
  return moves;
}

// GridWorld.heuristic: octile with diagonal steps, else Manhattan; times the *cheapest*
// cost of a cell, so that it never overestimates.
function gridHeuristic(world, cell, cheapest) {
  var dr = Math.abs(Math.floor(cell / world.cols) - Math.floor(world.goal / world.cols));
  var dc = Math.abs((cell % world.cols) - (world.goal % world.cols));
  if (!world.diagonal) return (dr + dc) * cheapest;
  return (Math.max(dr, dc) + (Math.SQRT2 - 1) * Math.min(dr, dc)) * cheapest;
}

// -- the searches ----------------------------------------------------------------------

// The lowest [key, key, order] first, so ties go to the node generated first: an array
// kept sorted highest first, the next node at its end.
function gridSorted(keyOf) {
  var items = [], order = 0;
  function less(a, b) {
    return a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
  }
  return {
    size: function () { return items.length; }, // prettier-ignore
    push: function (node) {
      var entry = keyOf(node).concat([order++, node]), low = 0, high = items.length;
      while (low < high) {
        var middle = (low + high) >> 1;
        if (less(items[middle], entry)) high = middle;
        else low = middle + 1;
      }
      items.splice(low, 0, entry);
    },
    pop: function () { return items.pop()[3]; }, // prettier-ignore
  };
}

// First in, first out (breadth-first) or last in, first out (depth-first).
function gridQueue(lifo) {
  var items = [], head = 0;
  return {
    size: function () { return items.length - head; }, // prettier-ignore
    push: function (node) { items.push(node); }, // prettier-ignore
    pop: function () { return lifo ? items.pop() : items[head++]; }, // prettier-ignore
  };
}

// Run search *name* on *world*, as engine.run does: goal test on expansion, a state
// reached when generated, a strictly cheaper path replacing the old node (uniform cost, A*).
function gridSearch(world, name) {
  if (name === "bidirectional") return gridBidirectional(world);
  var weight = name === "weighted_astar" ? 2 : 1;
  var keys = {
    uniform_cost: function (node) { return [node.g, 0]; }, // prettier-ignore
    greedy: function (node) { return [node.h, 0]; }, // prettier-ignore
    astar: function (node) { return [node.g + weight * node.h, node.h]; }, // prettier-ignore
  };
  var keyOf = keys[name] || keys.astar;
  var frontier = name === "bfs" || name === "dfs" ? gridQueue(name === "dfs") : gridSorted(keyOf);
  var reopen = name !== "bfs" && name !== "dfs" && name !== "greedy";
  var run = { name: name, nodes: [], expanded: [], sides: [] };
  var reached = {}, cheapest = Math.min.apply(null, world.cost.filter(Boolean));
  function generate(cell, parent, g) {
    var node = { cell: cell, parent: parent, g: g, h: gridHeuristic(world, cell, cheapest), side: 0,
                 born: run.expanded.length, gone: Infinity }; // prettier-ignore
    reached[cell] = node;
    run.nodes.push(node);
    frontier.push(node);
  }
  generate(world.start, null, 0);
  while (frontier.size()) {
    var node = frontier.pop();
    node.gone = run.expanded.length + 1;
    if (reached[node.cell] !== node) continue; // a cheaper path came after it: discarded
    if (node.cell === world.goal) {
      return gridEnd(run, run.expanded.length + 1, gridPathTo(node), node.g); // taken
    }
    run.expanded.push(node.cell);
    run.sides.push(0);
    gridMoves(world, node.cell).forEach(function (move) {
      var g = node.g + move[1], old = reached[move[0]];
      if (old === undefined || (reopen && g < old.g)) generate(move[0], node, g);
    });
  }
  return gridEnd(run, run.expanded.length); // the goal cannot be reached
}

// bidirectional.py's loop: the side with the smaller layer expands the whole of it; the
// first cell generated that the other side reached joins the two paths.
function gridBidirectional(world) {
  var run = { name: "bidirectional", nodes: [], expanded: [], sides: [] };
  var reached = [{}, {}];
  function generate(side, cell, parent) {
    var node = { cell: cell, parent: parent, side: side, born: run.expanded.length,
                 gone: Infinity }; // prettier-ignore
    reached[side][cell] = node;
    run.nodes.push(node);
    return node;
  }
  var layers = [[generate(0, world.start, null)], [generate(1, world.goal, null)]];
  while (layers[0].length && layers[1].length) {
    var side = layers[0].length <= layers[1].length ? 0 : 1, next = [];
    for (var i = 0; i < layers[side].length; i++) {
      var node = layers[side][i], moves = gridMoves(world, node.cell); // steps go both ways
      node.gone = run.expanded.length + 1;
      run.expanded.push(node.cell);
      run.sides.push(side);
      for (var k = 0; k < moves.length; k++) {
        if (moves[k][0] in reached[side]) continue;
        var child = generate(side, moves[k][0], node), met = reached[1 - side][child.cell];
        next.push(child);
        if (met) {
          var ahead = side === 0 ? child : met, behind = side === 0 ? met : child;
          var path = gridPathTo(ahead).concat(gridPathTo(behind).reverse().slice(1));
          return gridEnd(run, run.expanded.length, path, gridPathCost(world, path)); // met
        }
      }
    }
    layers[side] = next;
  }
  return gridEnd(run, run.expanded.length); // the goal cannot be reached
}

function gridPathTo(node) {
  var path = [];
  for (; node; node = node.parent) path.unshift(node.cell);
  return path;
}

function gridPathCost(world, path) {
  var cost = 0;
  for (var i = 1; i < path.length; i++) {
    cost += gridMoves(world, path[i - 1]).filter(function (move) {
      return move[0] === path[i];
    })[0][1];
  }
  return cost;
}

// End *run* at frame *last*, with the path found (if any) and its cost.
function gridEnd(run, last, path, cost) {
  run.last = last;
  run.path = path || null;
  run.cost = path ? cost : null;
  return run;
}

// The cells of the nodes waiting in the frontier at *frame* (a cell twice if two nodes).
function gridFrontier(run, frame) {
  return run.nodes.filter(function (node) {
    return node.born <= frame && frame < node.gone;
  });
}

// -- drawing ---------------------------------------------------------------------------

// The colour of the k-th expansion of *total*: pale yellow, through green, to deep blue;
// a bidirectional search's backward side from pale pink to purple.
function gridRamp(k, total, side) {
  var t = total > 1 ? k / (total - 1) : 0;
  var hue = side ? 330 - 60 * t : 55 + 175 * t;
  return "hsl(" + hue + ", 75%, " + (82 - 40 * t) + "%)";
}

// Draw *world* on *canvas* at *size* pixels a cell, and *run* at *frame* (if given).
function gridDraw(canvas, world, size, run, frame) {
  var ctx = canvas.getContext("2d"), cols = world.cols;
  canvas.width = cols * size;
  canvas.height = world.rows * size;
  function box(cell) {
    return [(cell % cols) * size, Math.floor(cell / cols) * size];
  }
  world.marks.forEach(function (mark, cell) {
    var xy = box(cell), cost = world.cost[cell];
    var shade = "hsl(30, 40%, " + (97 - 5 * cost) + "%)"; // a digit: darker as it costs more
    ctx.fillStyle = GRID_COLOURS[mark] || (/[1-9]/.test(mark) ? shade : "#fff");
    ctx.fillRect(xy[0], xy[1], size, size);
  });
  var counts = { frontier: 0, expanded: 0 };
  if (run) {
    var shown = Math.min(frame, run.expanded.length), first = {};
    for (var k = 0; k < shown; k++) if (!(run.expanded[k] in first)) first[run.expanded[k]] = k;
    ctx.globalAlpha = 0.8;
    Object.keys(first).forEach(function (cell) {
      var xy = box(Number(cell));
      ctx.fillStyle = gridRamp(first[cell], run.expanded.length, run.sides[first[cell]]);
      ctx.fillRect(xy[0], xy[1], size, size);
    });
    ctx.globalAlpha = 1;
    gridLetters(ctx, world, size, function (mark) {
      return /^[1-9fw]$/.test(mark) && size >= 9; // terrain shows through the shading
    });
    ctx.lineWidth = Math.max(1.5, size / 6);
    var waiting = gridFrontier(run, frame), backward = 0;
    waiting.forEach(function (node) {
      var xy = box(node.cell), inset = ctx.lineWidth / 2;
      backward += node.side;
      ctx.strokeStyle = GRID_SIDES[node.side];
      ctx.strokeRect(xy[0] + inset, xy[1] + inset, size - 2 * inset, size - 2 * inset);
    });
    counts = { frontier: waiting.length, expanded: shown, backward: backward };
    if (run.path && frame >= run.last) {
      ctx.beginPath();
      ctx.lineWidth = Math.max(2, size / 4);
      ctx.strokeStyle = "#111";
      run.path.forEach(function (cell, i) {
        var xy = box(cell);
        ctx[i ? "lineTo" : "moveTo"](xy[0] + size / 2, xy[1] + size / 2);
      });
      ctx.stroke();
    }
  }
  gridLetters(ctx, world, size, function (mark) {
    return mark === "S" || mark === "G";
  });
  return counts;
}

// Write each cell's mark on it, where *wanted(mark)*: S and G bold, terrain faint.
function gridLetters(ctx, world, size, wanted) {
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  world.marks.forEach(function (mark, cell) {
    if (!wanted(mark)) return;
    var bold = mark === "S" || mark === "G";
    ctx.font = (bold ? "bold " : "") + Math.round(size * (bold ? 0.8 : 0.55)) + "px sans-serif";
    ctx.fillStyle = bold ? "#000" : "rgba(0, 0, 0, 0.45)";
    var x = ((cell % world.cols) + 0.5) * size, y = (Math.floor(cell / world.cols) + 0.5) * size;
    ctx.fillText(mark, x, y + 1);
  });
}

// What a panel says beside its grid at *frame*.
function gridCounts(run, frame, counts) {
  var end = frame >= run.last;
  var path = !end ? "path: not yet" : run.path
    ? "path: " + (run.path.length - 1) + " steps, cost " + +run.cost.toFixed(2)
    : "path: none, the goal cannot be reached"; // prettier-ignore
  var sides = run.name !== "bidirectional" ? "" : " (" + (counts.frontier - counts.backward) +
    " forward, " + counts.backward + " backward)"; // prettier-ignore
  return ["expanded: " + counts.expanded, "in the frontier: " + counts.frontier + sides, path];
}

// -- the widget ------------------------------------------------------------------------

function gridElement(tag, name, text, parent) {
  var element = document.createElement(tag);
  element.className = "puzzlelab-grid-" + name;
  if (text) element.textContent = text;
  if (tag === "button") element.type = "button";
  if (parent) parent.appendChild(element);
  return element;
}

function renderGridLab(model, el) {
  var scale = model.get("large") ? 1.5 : 1;
  var world, runs = [], frame = 0, brush = "#", held = null, stepper = null;
  el.classList.add("puzzlelab-gridlab");
  el.classList.toggle("puzzlelab-large", Boolean(model.get("large")));
  el.tabIndex = 0;
  el.replaceChildren();
  var top = gridElement("div", "top", "", el);
  var editor = gridElement("canvas", "editor", "", top);
  var tools = gridElement("div", "tools", "", top);
  var palette = gridElement("div", "palette", "", tools);
  GRID_BRUSHES.forEach(function (pair) {
    var button = gridElement("button", "brush", pair[1], palette);
    button.setAttribute("data-brush", pair[1]);
    button.onclick = function () {
      brush = pair[0];
      palette.querySelectorAll("button").forEach(function (other) {
        other.toggleAttribute("data-chosen", other === button);
      });
    };
  });
  palette.firstChild.setAttribute("data-chosen", "");
  gridElement("div", "hint", "Paint with the mouse; drag S and G to move them.", tools);
  var key = "Below: cells expanded early pale, late dark; the frontier outlined (red; ";
  gridElement("div", "hint", key + "bidirectional: red forward, purple backward).", tools);
  var ways = gridElement("select", "directions", "", tools);
  ["4 directions", "8 directions"].forEach(function (label, i) {
    gridElement("option", "option", label, ways).value = String(i);
  });
  var choosers = [0, 1, 2, 3].map(function () {
    var chooser = gridElement("select", "search", "", tools);
    gridElement("option", "option", "(none)", chooser).value = "";
    Object.keys(GRID_SEARCHES).forEach(function (name) {
      gridElement("option", "option", GRID_SEARCHES[name], chooser).value = name;
    });
    return chooser;
  });
  var host = gridElement("div", "stepper", "", el);
  var panels = gridElement("div", "panels", "");

  // The stepper's controls and keys, on frames made here (no slot to fill).
  function local(count) {
    var data = { template: "", pieces: [], frames: [], marks: [], readouts: [], value: frame,
                 words: model.get("words"), large: model.get("large"),
                 interval: model.get("interval") }; // prettier-ignore
    for (var k = 0; k < count; k++) data.frames.push([]);
    return {
      get: function (key) { return data[key]; }, // prettier-ignore
      set: function (key, value) {
        data[key] = value;
        if (key === "value") show(value);
      },
      save_changes: function () {},
      on: function () {},
    };
  }

  function show(k) {
    frame = k;
    var size = Math.max(3, Math.min(20, Math.floor(300 / Math.max(world.rows, world.cols))));
    panels.querySelectorAll(".puzzlelab-grid-panel").forEach(function (panel, i) {
      var at = Math.min(k, runs[i].last);
      var counts = gridDraw(panel.querySelector("canvas"), world, size * scale, runs[i], at);
      panel.querySelector(".puzzlelab-grid-counts").innerHTML = "";
      gridCounts(runs[i], at, counts).forEach(function (line) {
        gridElement("div", "count", line, panel.querySelector(".puzzlelab-grid-counts"));
      });
    });
  }

  function lastFrame() {
    return Math.max.apply(null, runs.map(function (run) { return run.last; })); // prettier-ignore
  }

  // Run the searches on the map as it is now, and redraw everything.
  function refresh() {
    var last = stepper === null ? -1 : lastFrame(), names = model.get("searches");
    runs = names.map(function (name) { return gridSearch(world, name); }); // prettier-ignore
    frame = frame === last ? lastFrame() : Math.min(frame, lastFrame()); // the end stays the end
    panels.replaceChildren();
    runs.forEach(function (run) {
      var panel = gridElement("div", "panel", "", panels);
      panel.setAttribute("data-search", run.name);
      gridElement("div", "title", GRID_SEARCHES[run.name], panel);
      gridElement("canvas", "view", "", panel);
      gridElement("div", "counts", "", panel);
    });
    if (stepper) stepper.stop();
    stepper = buildStepper(local(lastFrame() + 1), host);
    stepper.view.appendChild(panels);
    var side = Math.max(world.rows, world.cols);
    gridDraw(editor, world, scale * Math.max(6, Math.min(28, Math.floor(480 / side))));
    ways.value = world.diagonal ? "1" : "0";
    choosers.forEach(function (chooser, i) {
      chooser.value = names[i] || "";
    });
    show(frame);
  }

  function load() {
    world = gridWorld(model.get("text"), model.get("diagonal"));
    refresh();
  }

  function send() {
    model.set("text", gridText(world));
    model.set("diagonal", world.diagonal);
    model.save_changes();
  }

  // -- painting and dragging on the editor
  function cellAt(event) {
    var rect = editor.getBoundingClientRect();
    var c = Math.floor(((event.clientX - rect.left) / rect.width) * world.cols);
    var r = Math.floor(((event.clientY - rect.top) / rect.height) * world.rows);
    return r < 0 || c < 0 || r >= world.rows || c >= world.cols ? -1 : r * world.cols + c;
  }
  function touch(cell) {
    if (cell < 0) return;
    var mark = world.marks[cell];
    if (held === "S" || held === "G") {
      if (mark === "S" || mark === "G") return; // the start and the goal never share a cell
      gridMark(world, held === "S" ? world.start : world.goal, ".");
      gridMark(world, cell, held);
    } else if (mark !== "S" && mark !== "G" && mark !== brush) gridMark(world, cell, brush);
    else return;
    refresh();
  }
  editor.addEventListener("pointerdown", function (event) {
    var cell = cellAt(event);
    if (cell < 0) return;
    held = world.marks[cell] === "S" || world.marks[cell] === "G" ? world.marks[cell] : "paint";
    editor.setPointerCapture(event.pointerId);
    touch(cell);
    event.preventDefault();
  });
  editor.addEventListener("pointermove", function (event) {
    if (held) touch(cellAt(event));
  });
  function release() {
    if (held) send();
    held = null;
  }
  editor.addEventListener("pointerup", release);
  editor.addEventListener("pointercancel", release);
  ways.onchange = function () {
    world.diagonal = ways.value === "1";
    send();
    refresh();
    el.focus({ preventScroll: true }); // the keys step again, not the list
  };
  choosers.forEach(function (chooser) {
    chooser.onchange = function () {
      var names = choosers.map(function (other) {
        return other.value;
      }).filter(Boolean);
      if (names.length) {
        model.set("searches", names);
        model.save_changes();
      }
      refresh();
      el.focus({ preventScroll: true });
    };
  });

  // -- the page-wide keys, as every stepper's (stepper.js)
  var keys = stepperKeys();
  var entry = { el: el, go: function (by) { return stepper.go(by); } }; // prettier-ignore
  keys.all.push(entry);
  function used() {
    keys.last = entry;
  }
  el.addEventListener("pointerdown", used);
  el.addEventListener("focusin", used);
  ["text", "diagonal"].forEach(function (name) {
    model.on("change:" + name, function () {
      if (model.get("text") !== gridText(world) || model.get("diagonal") !== world.diagonal) load();
    });
  });
  model.on("change:searches", refresh);
  load();
  return function () {
    stepper.stop();
    keys.all = keys.all.filter(function (other) {
      return other !== entry;
    });
    if (keys.last === entry) keys.last = null;
  };
}

// -- the module JupyterLab and Voila load (a page with no kernel uses only the functions above)
export default {
  render: function (context) {
    return renderGridLab(context.model, context.el);
  },
};
