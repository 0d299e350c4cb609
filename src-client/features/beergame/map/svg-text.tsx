import type { SVGProps } from 'react';

/** Rough width of a text in a sans-serif font, enough to tell when a label would overflow its card. */
const estimatedWidth = (text: string, fontSize: number) => text.length * fontSize * 0.56;

/** An SVG text squeezed to `maxWidth` when it would be wider (long names, long translations). */
export function FitText({
  children,
  maxWidth,
  fontSize,
  ...props
}: { children: string; maxWidth: number; fontSize: number } & SVGProps<SVGTextElement>) {
  const squeeze = estimatedWidth(children, fontSize) > maxWidth;
  return (
    <text
      fontSize={fontSize}
      textAnchor="middle"
      {...(squeeze ? { textLength: maxWidth, lengthAdjust: 'spacingAndGlyphs' } : {})}
      {...props}
    >
      {children}
    </text>
  );
}
