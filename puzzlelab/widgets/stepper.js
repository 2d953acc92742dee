// puzzlelab's Stepper: frames sent to the browser once and stepped through there.
//
// The same function draws the widget in JupyterLab or Voila (an anywidget, whose
// model is synced with the kernel) and in a page with no kernel at all (a lesson
// exported to HTML, where `model` is a plain object holding the same data).
// A click changes the frame at once; the kernel only hears about it afterwards.
//
// The model holds:
//   template  HTML with elements marked data-slot="0", data-slot="1", ...
//   pieces    HTML snippets; each is written once per frame that needs it
//   frames    for every frame, the piece that fills each slot
//   marks     optional: for every frame, one character per element marked
//             data-mark="i"; it becomes that element's data-state (CSS colours it)
//   readouts  optional: for every frame, what the readout says (default "step 3 of 9")
//   value     the frame shown; interval: milliseconds per frame when playing
//   words     the controls' labels; large: bigger text and pictures (projectors)
//
// The controls sit above the frame, which scrolls inside a box of its own: they never
// move while it steps. A presenter's clicker works without a click first: PageDown,
// PageUp, the arrows, Home and End go to the stepper used last, else the one most on
// screen (see routeKey), unless the focus is in an editor; past its last frame, the
// key moves on (the notebook scrolls, a slide show turns the slide).
//
// buildStepper draws it and returns its parts, for a widget that steps it its own way
// (predict.js); renderStepper draws it, lets it take the keys and returns what stops it.

function buildStepper(model, el) {
  var pieces = model.get("pieces");
  var frames = model.get("frames");
  var marks = model.get("marks");
  var readouts = model.get("readouts") || [];
  var words = model.get("words");
  var last = frames.length - 1;
  var shown = -1;
  var timer = null;

  el.classList.add("puzzlelab-stepper");
  el.classList.toggle("puzzlelab-large", Boolean(model.get("large")));
  el.tabIndex = 0;
  var view = document.createElement("div");
  view.className = "puzzlelab-stepper-view";
  view.innerHTML = model.get("template");
  var slots = Array.prototype.slice.call(view.querySelectorAll("[data-slot]"));

  function control(tag, text, name) {
    var element = document.createElement(tag);
    if (tag === "button") element.type = "button";
    if (text) element.textContent = text;
    element.className = "puzzlelab-stepper-" + name;
    return element;
  }
  var bar = control("div", "", "controls");
  var play = control("button", words.play, "play");
  var back = control("button", words.back, "back");
  var forward = control("button", words.forward, "forward");
  var slider = control("input", "", "slider");
  slider.type = "range";
  slider.min = 0;
  slider.max = last;
  slider.setAttribute("aria-label", words.description);
  var readout = control("output", "", "readout");
  var speed = control("input", "", "speed");
  speed.type = "range";
  speed.min = 50;
  speed.max = 2000;
  speed.step = 50;
  speed.value = model.get("interval");
  speed.setAttribute("aria-label", "milliseconds per step");
  var speedLabel = control("label", "speed", "speed-label");
  speedLabel.appendChild(speed);
  [play, back, forward, slider, speedLabel, readout].forEach(function (part) {
    bar.appendChild(part);
  });
  if (last === 0) bar.style.display = "none";

  function show(k, fromKernel) {
    k = Math.max(0, Math.min(last, Math.round(Number(k) || 0)));
    if (k !== shown) {
      shown = k;
      frames[k].forEach(function (piece, i) {
        var slot = slots[i];
        if (slot && slot.getAttribute("data-piece") !== String(piece)) {
          slot.innerHTML = pieces[piece];
          slot.setAttribute("data-piece", String(piece));
        }
      });
      if (marks.length) {
        var states = marks[k];
        view.querySelectorAll("[data-mark]").forEach(function (element) {
          var state = states.charAt(Number(element.getAttribute("data-mark")));
          element.setAttribute("data-state", state || "-");
        });
      }
      slider.value = k;
      readout.textContent = readouts.length
        ? readouts[k]
        : words.description + " " + (k + 1) + " of " + (last + 1);
      back.disabled = k === 0;
      forward.disabled = k === last;
    }
    if (!fromKernel && model.get("value") !== k) {
      model.set("value", k);
      model.save_changes();
    }
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = words.play;
  }
  function start() {
    if (shown === last) show(0);
    timer = setInterval(function () {
      if (shown >= last) stop();
      else show(shown + 1);
    }, Number(speed.value));
    play.textContent = words.pause;
  }
  // by: +1 or -1 frames, or -Infinity / Infinity for the first / last; true if it moved
  function go(by) {
    var before = shown;
    stop();
    show(by === -Infinity ? 0 : by === Infinity ? last : shown + by);
    return shown !== before;
  }

  play.onclick = function () {
    if (timer === null) start();
    else stop();
  };
  back.onclick = function () {
    go(-1);
  };
  forward.onclick = function () {
    go(1);
  };
  slider.oninput = function () {
    stop();
    show(slider.value);
  };
  speed.onchange = function () {
    if (timer !== null) {
      stop();
      start();
    }
  };

  model.on("change:value", function () {
    show(model.get("value"), true);
  });
  el.replaceChildren(bar, view);
  show(model.get("value"), true);
  return { view: view, bar: bar, show: show, stop: stop, go: go };
}

function renderStepper(model, el) {
  var stepper = buildStepper(model, el);
  var keys = stepperKeys();
  var entry = { el: el, go: stepper.go };
  if (model.get("frames").length > 1) keys.all.push(entry); // one frame: nothing to step
  function used() {
    keys.last = entry;
  }
  el.addEventListener("pointerdown", used);
  el.addEventListener("focusin", used);
  return function () {
    stepper.stop();
    keys.all = keys.all.filter(function (other) {
      return other !== entry;
    });
    if (keys.last === entry) keys.last = null;
  };
}

// -- the keys: one listener for the page, whichever module loaded it first -------------

// What each key does: frames forward (+) or back (-), or to the last or the first.
// The up and down arrows only step a stepper that has the focus (elsewhere they
// move between cells).
var STEP_KEYS = {
  PageDown: 1,
  ArrowRight: 1,
  ArrowDown: 1,
  PageUp: -1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: -Infinity,
  End: Infinity,
};

function stepperKeys() {
  var keys = window.puzzlelabStepperKeys;
  if (!keys) {
    keys = window.puzzlelabStepperKeys = { all: [], last: null };
    // capture, on the window: before the slider (whose PageDown goes back) and JupyterLab
    window.addEventListener(
      "keydown",
      function (event) {
        routeKey(keys, event);
      },
      true
    );
  }
  return keys;
}

function routeKey(keys, event) {
  var by = STEP_KEYS[event.key];
  if (by === undefined || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
  keys.all = keys.all.filter(function (entry) {
    return entry.el.isConnected;
  });
  var focus = document.activeElement;
  var inside = keys.all.filter(function (entry) {
    return focus && entry.el.contains(focus);
  })[0];
  var target = inside;
  if (!target) {
    if (event.key === "ArrowUp" || event.key === "ArrowDown" || typingIn(focus)) return;
    target = stepperOnScreen(keys, keyScope(focus));
  }
  // At its last frame, PageDown from outside moves on: the notebook scrolls, the slide
  // changes. Inside, every key is the stepper's (the slider's own PageDown goes back).
  if (!target || (!target.go(by) && !inside)) return;
  event.preventDefault(); // PageDown steps; it does not scroll the page as well
  event.stopPropagation();
  keys.last = target;
}

// Where keys are someone else's: editors and inputs, menus and dialogs, PredictNext.
var TYPING = ".cm-editor, .CodeMirror, .jp-Dialog, .lm-Menu, .puzzlelab-predict, [role=textbox]";

function typingIn(element) {
  if (!element || element === document.body) return false;
  if (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)) return true;
  return Boolean(element.closest && element.closest(TYPING));
}

// The part of the page whose steppers a key may step: in JupyterLab the notebook with
// the focus (none if the focus is in the side bar), elsewhere the whole page.
function keyScope(focus) {
  if (!focus || focus === document.body || !document.querySelector(".jp-LabShell")) {
    return document;
  }
  return focus.closest(".jp-NotebookPanel, .jp-MainAreaWidget");
}

function visibleArea(el) {
  var box = el.getBoundingClientRect();
  var width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
  var height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return width > 0 && height > 0 ? width * height : 0;
}

function stepperOnScreen(keys, scope) {
  if (!scope) return null;
  var candidates = keys.all.filter(function (entry) {
    return scope.contains(entry.el) && visibleArea(entry.el) > 0;
  });
  if (keys.last && candidates.indexOf(keys.last) >= 0) return keys.last;
  var best = null;
  candidates.forEach(function (entry) {
    if (best === null || visibleArea(entry.el) > visibleArea(best.el)) best = entry;
  });
  return best;
}

// -- the module JupyterLab and Voila load (a page with no kernel uses only the functions above)
export default {
  render: function (context) {
    return renderStepper(context.model, context.el);
  },
};
