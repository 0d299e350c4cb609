import type { SVGProps } from 'react';

/**
 * Rough width of a text in a sans-serif font, on the wide side (DejaVu Sans, Verdana), enough to
 * tell when a label would overflow its card.
 */
export const estimatedWidth = (text: string, fontSize: number, bold = false) =>
  text.length * fontSize * (bold ? 0.68 : 0.6);

/** An SVG text squeezed to `maxWidth` when it would be wider (long names, long translations). */
export function FitText({
  children,
  maxWidth,
  fontSize,
  ...props
}: { children: string; maxWidth: number; fontSize: number } & SVGProps<SVGTextElement>) {
  const bold = Number(props.fontWeight ?? 400) >= 600;
  const squeeze = estimatedWidth(children, fontSize, bold) > maxWidth;
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
