// Business errors declared as tables ({status, code, msg} by name, documented in docs/api.md)
// turned into ApiErrors, with an optional detail after the message ("Invalid answers: ...").
import { ApiError } from "./api";

export interface CodedError {
  status: number;
  code: number;
  msg: string;
}

export function codedError(error: CodedError, detail?: string): ApiError {
  return new ApiError(error.status, detail ? `${error.msg}: ${detail}` : error.msg, error.code);
}
