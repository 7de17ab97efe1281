/** CSV made in the browser: for templates and for reports exported as shown. */

/** One CSV line: cells quoted when they hold a comma, a quote or a line break; formulas neutralised for spreadsheets. */
export function csvLine(cells: readonly unknown[]): string {
  return cells
    .map((value) => {
      let text = value === null || value === undefined ? '' : String(value);
      if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${[csvLine(header), ...rows.map(csvLine)].join('\r\n')}\r\n`;
}

/** A link target holding the CSV, for `<a download>`. */
export function csvDataUrl(text: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
}

/** Saves CSV text as a file (with a byte-order mark so spreadsheets read Bengali text right). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
