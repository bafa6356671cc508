/* qipai: the lobby's live list and the live table, as ES modules loaded by the browser with no
   build step (<script type="module">). The table speaks the websocket protocol of
   docs/PROTOCOL.md; its parts live in static/table/ (one module per concern, see
   table/main.js); contracts, results and cards read as the pages say them (display.js). */
import { lobby } from "./lobby.js";
import { table } from "./table/main.js";

lobby();
table();
