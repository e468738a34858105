/**
 * The test import spreadsheet (spec 2 §2.3 import test dialog, §5.5, spec 1 §5.4 "imports
 * must use the provided template format"): the template written with exceljs's streaming
 * writer, and the rows read back with the import reader (formulas never evaluated).
 *
 * Template: one row per question — the question, up to TEST_IMPORT_ALTERNATIVES alternatives,
 * the number of the correct one, and whether it is mandatory (blank = yes).
 */
import ExcelJS from 'exceljs';
import { TEST_IMPORT_ALTERNATIVES, TEST_IMPORT_MAX_ROWS, type ErrorCode, type TrainingTestImportRow } from '@lp/shared/contract';
import { TEST_LIMITS, comparableText, escapeSpreadsheetCell, plainLength } from '@lp/shared/rules';
import { translate } from '../lib/i18n.ts';
import { sanitizeRichText } from '../lib/sanitizeHtml.ts';
import { SpreadsheetError, sheetRows, type CellValue } from '../imports/reader.ts';

export const ALTERNATIVE_COLUMNS = Array.from({ length: TEST_IMPORT_ALTERNATIVES }, (_, i) => `alternative_${i + 1}`);
/** The header the template writes and the import requires, in this order. */
export const TEST_IMPORT_COLUMNS = ['question', ...ALTERNATIVE_COLUMNS, 'correct_alternative', 'is_mandatory'] as const;
const CORRECT = TEST_IMPORT_COLUMNS.indexOf('correct_alternative');
const MANDATORY = TEST_IMPORT_COLUMNS.indexOf('is_mandatory');
/** Rows carrying the drop-downs (as the user import template: not whole columns). */
const VALIDATED_ROWS = TEST_IMPORT_MAX_ROWS + 1;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
const t = (languageId: number, key: string, vars: Record<string, string> = {}) => translate(languageId, `trainings.test_import.${key}`, vars);

function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';

function columnLabel(languageId: number, key: string): string {
  const n = /^alternative_(\d+)$/.exec(key)?.[1];
  return n ? t(languageId, 'columns.alternative', { n }) : t(languageId, `columns.${key}`);
}

/** The download's file name in the user's language. */
export const templateDownloadName = (languageId: number) => `${t(languageId, 'file_name')}.xlsx`;

/**
 * Writes the template to `file`: the questions sheet (header with a note per column, frozen;
 * drop-downs on the correct number and the mandatory flag) and an instructions sheet with an
 * example. Texts that come from data (the test title) go through escapeSpreadsheetCell.
 */
export async function writeTestTemplate(file: string, languageId: number, testTitle: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(t(languageId, 'sheet_name')), { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = TEST_IMPORT_COLUMNS.map((key) => ({ key, width: key === 'question' ? 60 : key.startsWith('alternative') ? 32 : 22 }));
  const header = sheet.addRow(TEST_IMPORT_COLUMNS.map((key) => escapeSpreadsheetCell(key)));
  header.font = { bold: true };
  TEST_IMPORT_COLUMNS.forEach((key, i) => {
    const cell = header.getCell(i + 1);
    cell.note = columnLabel(languageId, key);
    const required = key === 'question' || key === 'alternative_1' || key === 'alternative_2' || key === 'correct_alternative';
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: required ? 'FFFDE9A9' : 'FFE7EEF7' } };
  });
  const validations = (sheet as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  const range = (index: number) => `${columnLetter(index)}2:${columnLetter(index)}${VALIDATED_ROWS}`;
  validations.add(range(CORRECT), {
    type: 'whole', operator: 'between', allowBlank: true, formulae: [1, TEST_IMPORT_ALTERNATIVES], showErrorMessage: true,
    errorTitle: columnLabel(languageId, 'correct_alternative'), error: t(languageId, 'line_correct', { n: String(TEST_IMPORT_ALTERNATIVES) }),
  });
  validations.add(range(MANDATORY), {
    type: 'list', allowBlank: true, formulae: [`"${t(languageId, 'yes')},${t(languageId, 'no')}"`], showErrorMessage: true,
    errorStyle: 'warning', errorTitle: columnLabel(languageId, 'is_mandatory'), error: t(languageId, 'line_mandatory'),
  });
  header.commit();
  sheet.commit();

  const help = workbook.addWorksheet(sheetName(t(languageId, 'instructions_sheet')));
  help.columns = [{ key: 'a', width: 60 }, { key: 'b', width: 28 }, { key: 'c', width: 28 }, { key: 'd', width: 28 }, { key: 'e', width: 22 }, { key: 'f', width: 18 }];
  const title = help.addRow([t(languageId, 'instructions_title')]);
  title.font = { bold: true };
  title.commit();
  // the title is data: a title like =HYPERLINK(…) must stay text in a spreadsheet program
  help.addRow([t(languageId, 'test'), escapeSpreadsheetCell(testTitle)]).commit();
  help.addRow([]).commit();
  const n = String(TEST_IMPORT_ALTERNATIVES);
  for (const key of ['line_rows', 'line_question', 'line_alternatives', 'line_correct', 'line_mandatory', 'line_duplicates', 'line_formulas']) {
    help.addRow([t(languageId, key, { n, max: String(TEST_LIMITS.questionTitleMax), rows: String(TEST_IMPORT_MAX_ROWS) })]).commit();
  }
  help.addRow([]).commit();
  const example = help.addRow([t(languageId, 'example_title')]);
  example.font = { bold: true };
  example.commit();
  help.addRow(['question', 'alternative_1', 'alternative_2', 'alternative_3', 'correct_alternative', 'is_mandatory']).commit();
  help.addRow([t(languageId, 'example_question'), t(languageId, 'example_answer_1'), t(languageId, 'example_answer_2'), t(languageId, 'example_answer_3'), 1, t(languageId, 'yes')]).commit();
  help.commit();
  await workbook.commit();
}

/** A cell as text: dates as YYYY-MM-DD, numbers as written. */
function cellText(cell: CellValue | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell).trim();
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const YES = new Set(['sim', 's', 'yes', 'y', 'si', 'oui', 'o', 'true', 'verdadeiro', 'verdadero', 'vrai', '1', 'x']);
const NO = new Set(['nao', 'n', 'no', 'non', 'false', 'falso', 'faux', '0']);

/** is_mandatory: blank = yes (spec 2 §3.4 default true); null when unreadable. */
function mandatoryOf(cell: CellValue | undefined): boolean | null {
  if (cell === null || cell === undefined) return true;
  if (typeof cell === 'boolean') return cell;
  const text = fold(cellText(cell));
  if (text === '' || YES.has(text)) return true;
  if (NO.has(text)) return false;
  return null;
}

/** correct_alternative: a column number 1…N, or null. */
function correctOf(cell: CellValue | undefined): number | null {
  const text = cellText(cell);
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= TEST_IMPORT_ALTERNATIVES ? n : null;
}

/** A question of the import in plain text (as the validated array carries it). */
export interface ImportQuestion {
  title: string;
  is_mandatory: boolean;
  answers: Array<{ title: string; is_correct: boolean }>;
}

/**
 * The row rules, the same when validating the file and when importing the posted array:
 * a title (≤ 256), at least 2 alternatives, none empty or repeated, exactly one correct, and
 * a question not already in the test nor earlier in the import. `seen` holds the comparable
 * texts of the test's questions and of the rows accepted so far; an accepted row is added.
 */
export function importQuestionProblems(q: ImportQuestion, seen: Set<string>): ErrorCode[] {
  const problems = new Set<ErrorCode>();
  const title = q.title.trim();
  if (!title) problems.add(REQUIRED);
  else if (plainLength(title) > TEST_LIMITS.questionTitleMax) problems.add('title_too_long');
  if (q.answers.length < TEST_LIMITS.minAlternatives) problems.add('question_needs_two_alternatives');
  if (q.answers.length > TEST_LIMITS.maxAlternatives) problems.add('validation_error');
  const texts = q.answers.map((a) => comparableText(a.title));
  if (texts.some((text) => !text)) problems.add(REQUIRED);
  if (new Set(texts.filter(Boolean)).size !== texts.filter(Boolean).length) problems.add('duplicate_alternative');
  if (q.answers.filter((a) => a.is_correct).length !== 1) problems.add('question_needs_one_correct_alternative');
  const key = comparableText(title);
  if (key && seen.has(key)) problems.add('duplicate_question');
  if (problems.size === 0) seen.add(key);
  return [...problems];
}

/** The file is not the template (spec 1 §8.4 / spec 2 §8 test_validation_error). */
export class TemplateFormatError extends Error {}

/**
 * Reads and validates an uploaded spreadsheet: the header must be the template's; every data
 * row becomes one result with its problems. Throws SpreadsheetError (not an xlsx, damaged) or
 * TemplateFormatError (another header, no rows, too many rows).
 */
export async function readTestImport(file: string, existingTexts: readonly string[]): Promise<TrainingTestImportRow[]> {
  const seen = new Set(existingTexts.map(comparableText).filter(Boolean));
  const rows: TrainingTestImportRow[] = [];
  let headerSeen = false;
  for await (const row of sheetRows(file)) {
    if (!headerSeen) {
      const header = TEST_IMPORT_COLUMNS.map((_, i) => fold(cellText(row.cells[i])));
      if (row.line !== 1 || header.some((text, i) => text !== TEST_IMPORT_COLUMNS[i])) {
        throw new TemplateFormatError('the header is not the template\'s');
      }
      headerSeen = true;
      continue;
    }
    if (rows.length >= TEST_IMPORT_MAX_ROWS) throw new TemplateFormatError(`more than ${TEST_IMPORT_MAX_ROWS} questions`);
    const correct = correctOf(row.cells[CORRECT]);
    const mandatory = mandatoryOf(row.cells[MANDATORY]);
    const answers = ALTERNATIVE_COLUMNS.flatMap((_, i) => {
      const title = cellText(row.cells[i + 1]);
      return title ? [{ title, is_correct: correct === i + 1 }] : [];
    });
    const question: ImportQuestion = { title: cellText(row.cells[0]), is_mandatory: mandatory ?? true, answers };
    // a row refused for its mandatory flag does not count as seen for later repeats
    const problems = mandatory === null
      ? [...importQuestionProblems(question, new Set(seen)), 'validation_error' as ErrorCode]
      : importQuestionProblems(question, seen);
    rows.push({
      id: rows.length + 1,
      line: row.line,
      title: question.title,
      is_mandatory: question.is_mandatory,
      group_training_test_question_answers: answers,
      error: problems.length > 0,
      errors: problems,
    });
  }
  if (!headerSeen) throw new TemplateFormatError('the sheet is empty');
  if (rows.length === 0) throw new TemplateFormatError('the sheet has no questions');
  return rows;
}

export { SpreadsheetError };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A cell's plain text as the editors' HTML: a paragraph, line breaks kept, nothing interpreted. */
export function plainToHtml(text: string): string {
  return sanitizeRichText(`<p>${escapeHtml(text.trim()).replace(/\r?\n/g, '<br>')}</p>`);
}
