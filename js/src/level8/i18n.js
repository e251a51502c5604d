// Level 8's translator: its own table (strings.js) merged over the common one.
import { makeT } from "../common/i18n.js";
import { L8_STRINGS } from "./strings.js";

export const t = makeT(L8_STRINGS);
