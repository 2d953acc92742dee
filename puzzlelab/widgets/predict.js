// puzzlelab's PredictNext: the student says which node a search expands next.
//
// Built on buildStepper (stepper.js): one frame per question, whose frontier table
// has a row marked data-row="i" per node waiting. The stepper's own controls are
// hidden: the student moves on by picking, so no frame shows its answer early.
// Everything happens here, with no kernel; the kernel only hears the picks.
//
// The model holds, beside the stepper's data:
//   questions  per frame: nodes (each row's node), right (is each row a right pick),
//              why (what a pick of each row hears)
//   picks      the node picked at each question so far (synced back to the kernel)
//   answer     the name of the variable the line to paste sets

function renderPredict(model, el) {
  var stepper = buildStepper(model, el);
  var questions = model.get("questions");
  var picks = model.get("picks").slice(0, questions.length);
  var last = questions.length - 1;
  var shown = Math.min(picks.length, last);
  var selected = 0;

  stepper.bar.style.display = "none";
  el.classList.add("puzzlelab-predict");
  el.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab's keys stay out

  function part(tag, name, text) {
    var element = document.createElement(tag);
    element.className = "puzzlelab-predict-" + name;
    if (text) element.textContent = text;
    return element;
  }
  var panel = part("div", "panel");
  var prompt = part(
    "div",
    "prompt",
    "Which node is expanded next? Click its row, or press its key (or \u2191 \u2193 and Enter)."
  );
  var verdict = part("output", "verdict");
  verdict.setAttribute("aria-live", "polite");
  var next = part("button", "next", "next question \u25b6");
  next.type = "button";
  var score = part("div", "score");
  var answer = part("div", "answer");
  [prompt, verdict, next, score, answer].forEach(function (child) {
    panel.appendChild(child);
  });
  el.appendChild(panel);

  function rows() {
    return Array.prototype.slice.call(stepper.view.querySelectorAll("tr[data-row]"));
  }
  function rightAt(k) {
    var question = questions[k];
    return question.right[question.nodes.indexOf(picks[k])] === true;
  }

  function paint() {
    var question = questions[shown];
    var answered = picks.length > shown;
    var picked = answered ? question.nodes.indexOf(picks[shown]) : -1;
    rows().forEach(function (row, i) {
      row.toggleAttribute("data-selected", !answered && i === selected);
      row.toggleAttribute("data-right", answered && question.right[i]);
      if (i === picked) row.setAttribute("data-verdict", question.right[i] ? "right" : "wrong");
      else row.removeAttribute("data-verdict");
    });
    prompt.style.display = answered ? "none" : "";
    verdict.textContent = answered ? question.why[picked] || "" : "";
    verdict.setAttribute("data-verdict", answered ? (question.right[picked] ? "right" : "wrong") : "");
    next.style.display = answered && shown < last ? "" : "none";
    var right = picks.filter(function (_, k) {
      return rightAt(k);
    }).length;
    var done = picks.length === questions.length;
    score.textContent =
      (done ? "Done: " : "Score: ") + right + " of " + picks.length + " right" +
      " (" + questions.length + " questions)";
    answer.style.display = picks.length ? "" : "none";
    answer.textContent = done
      ? "Paste this line into your answer cell: "
      : "Your picks so far: ";
    var line = document.createElement("code");
    line.textContent = model.get("answer") + ' = "' + picks.join(" ") + '"';
    answer.appendChild(line);
  }

  function pick(i) {
    var question = questions[shown];
    if (picks.length > shown || i < 0 || i >= question.nodes.length) return;
    picks.push(question.nodes[i]);
    model.set("picks", picks.slice());
    model.save_changes();
    paint();
  }
  function advance() {
    if (picks.length <= shown || shown >= last) return;
    shown += 1;
    selected = 0;
    stepper.show(shown);
    paint();
    el.focus({ preventScroll: true }); // the button clicked is hidden now: keys still work
  }

  stepper.view.addEventListener("click", function (event) {
    var row = event.target.closest("tr[data-row]");
    if (row) pick(Number(row.getAttribute("data-row")));
  });
  next.onclick = advance;
  el.onkeydown = function (event) {
    var count = rows().length;
    var key = event.key;
    var answered = picks.length > shown;
    if (/^[1-9]$/.test(key) && Number(key) <= count) pick(Number(key) - 1);
    else if (key === "ArrowDown" || key === "ArrowUp") {
      selected = (selected + (key === "ArrowDown" ? 1 : count - 1)) % count;
      paint();
    } else if (key === "Enter" || key === " ") {
      if (answered) advance();
      else pick(selected);
    } else if (key === "ArrowRight") advance();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  stepper.show(shown, true);
  paint();
  return stepper.stop;
}

// -- the module JupyterLab and Voila load (a page with no kernel uses only the functions above)
export default {
  render: function (context) {
    return renderPredict(context.model, context.el);
  },
};
