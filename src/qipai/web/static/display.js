/* qipai: contracts, results, cards, calls and scores as the pages say them. The words come from
   the server (qipai.web.display.terms, in the page's strings as `display`); this only puts them
   together as qipai/web/display.py does (tests/web/test_display.py runs both over every
   contract and result). Values arrive in their text forms of the protocol: "4SX", "S", "HT". */

const RED = new Set(["H", "D"]);
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** Contract text ("4SX", "3NT") -> {level, strain, doubling}; null for none or a pass-out. */
export function parseContract(c) {
  if (!c || c === "Pass") return null;
  let doubling = "";
  let rest = c.slice(1);
  if (rest.endsWith("XX")) [doubling, rest] = ["XX", rest.slice(0, -2)];
  else if (rest.endsWith("X")) [doubling, rest] = ["X", rest.slice(0, -1)];
  return { level: Number(c[0]), strain: rest, doubling: doubling };
}

export function suitClass(suit) {
  return RED.has(suit) ? "red" : "black";
}

export function rankText(r) {
  return r === "T" ? "10" : r;
}

/** Pieces [text, class] joined as plain text. */
export function text(bits) {
  return bits.map((b) => b[0]).join("");
}

/** The display, in the language of its words T. */
export function display(T) {
  function seatName(s) {
    return s ? T.seats[s] : "";
  }
  function strainBits(strain) {
    return [[T.strains[strain], strain === "NT" ? "" : suitClass(strain)]];
  }
  function callBits(call) {
    if (call in T.calls) return [[T.calls[call], ""]];
    return [[call[0], ""]].concat(strainBits(call.slice(1)));
  }
  function contractBits(contract) {
    const c = parseContract(contract);
    if (!c) return [[T.passed_out, ""]];
    const out = [[String(c.level), ""]].concat(strainBits(c.strain));
    if (c.doubling) out.push([T.doubling[c.doubling], ""]);
    return out;
  }
  function overText(n) {
    return T.over[String(n)];
  }
  function resultText(contract, tricks) {
    const c = parseContract(contract);
    return overText(tricks - (c.level + 6));
  }
  // A table's result: "4♥ 南 超一", "3NT North -2", "四家不叫".
  function resultBits(contract, declarer, tricks) {
    const out = contractBits(contract);
    if (!parseContract(contract)) return out;
    if (declarer) out.push([" " + seatName(declarer), ""]);
    if (tricks !== null && tricks !== undefined) out.push([" " + resultText(contract, tricks), ""]);
    return out;
  }
  function cardBits(card) {
    return [[SYMBOL[card[0]] + rankText(card[1]), suitClass(card[0])]];
  }
  function scoreText(n) {
    if (n === null || n === undefined) return "";
    return n > 0 ? "+" + n : String(n);
  }
  function nsScoreText(n) {
    return T.sides.NS + " " + (scoreText(n) || "0");
  }
  // The pieces as DOM: suit symbols in spans with their colour class.
  function node(bits, cls) {
    const span = document.createElement("span");
    if (cls) span.className = cls;
    for (const [t, c] of bits) {
      if (c) {
        const s = document.createElement("span");
        s.className = c;
        s.textContent = t;
        span.appendChild(s);
      } else span.appendChild(document.createTextNode(t));
    }
    return span;
  }
  return {
    T,
    seatName,
    strainBits,
    callBits,
    contractBits,
    overText,
    resultText,
    resultBits,
    cardBits,
    scoreText,
    nsScoreText,
    node,
    text,
    vulnerability: (v) => T.vulnerability[v],
    scoringName: (m) => T.scoring[m] || m,
  };
}
