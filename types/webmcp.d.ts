/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters must match React's declarations to merge */
// Attributes of WebMCP's declarative API, which lets a browser agent call a
// form as a tool. Browsers without WebMCP ignore them.
import 'react';

declare module 'react' {
  interface FormHTMLAttributes<T> {
    toolname?: string;
    tooldescription?: string;
  }
  interface InputHTMLAttributes<T> {
    toolparamdescription?: string;
  }
  interface TextareaHTMLAttributes<T> {
    toolparamdescription?: string;
  }
}
