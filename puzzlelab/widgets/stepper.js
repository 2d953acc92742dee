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
//   value     the frame shown; interval: milliseconds per frame when playing
//   words     the controls' labels; large: bigger text and pictures (projectors)
//
// buildStepper draws it and returns its parts, for a widget that steps it its own way
// (predict.js); renderStepper draws it and returns what stops it.

function buildStepper(model, el) {
  var pieces = model.get("pieces");
  var frames = model.get("frames");
  var marks = model.get("marks");
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
  [play, back, forward, slider, readout, speedLabel].forEach(function (part) {
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
      readout.textContent = words.description + " " + k + " / " + last;
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

  play.onclick = function () {
    if (timer === null) start();
    else stop();
  };
  back.onclick = function () {
    stop();
    show(shown - 1);
  };
  forward.onclick = function () {
    stop();
    show(shown + 1);
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
  el.onkeydown = function (event) {
    var steps = { ArrowLeft: -1, PageUp: -1, ArrowRight: 1, PageDown: 1 };
    if (event.target === slider || !(event.key in steps)) return;
    event.preventDefault();
    stop();
    show(shown + steps[event.key]);
  };

  model.on("change:value", function () {
    show(model.get("value"), true);
  });
  el.replaceChildren(view, bar);
  show(model.get("value"), true);
  return { view: view, bar: bar, show: show, stop: stop };
}

function renderStepper(model, el) {
  return buildStepper(model, el).stop;
}

// -- the module JupyterLab and Voila load (a page with no kernel uses only the function above)
export default {
  render: function (context) {
    return renderStepper(context.model, context.el);
  },
};
