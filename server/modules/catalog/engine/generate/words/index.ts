// Word lists by content language.
import type { ContentLanguage } from "../../model/markets";
import { en } from "./en";
import { fil } from "./fil";
import { id } from "./id";
import { ms } from "./ms";
import { th } from "./th";
import type { LanguageWords } from "./types";
import { vi } from "./vi";

export const WORDS: Readonly<Record<ContentLanguage, LanguageWords>> = { vi, id, th, ms, fil, en };
export type { LanguageWords, Word } from "./types";
