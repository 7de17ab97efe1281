/** The one error shape of every API answer (STYLE.md §6). */
export interface ApiErrorBody {
  message: string;
  /** Field name → messages for that field. */
  errors?: Record<string, string[]>;
}
