import type { SVGProps } from 'react';
import { classNames } from './class-names';
import styles from './ui.module.css';

type Shape = string | { tag: 'path' | 'circle' | 'rect'; props: Record<string, string | number> };

export type IconSize = 'small' | 'medium' | 'large' | 'inherit';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** 20, 24 (the default) or 35 px, or the font size around it. */
  size?: IconSize;
}

const sizeClass: Record<IconSize, string | undefined> = {
  small: styles.iconSmall,
  medium: undefined,
  large: styles.iconLarge,
  inherit: styles.iconInherit,
};

/**
 * An icon component for a 24×24 drawing: one path, several, or other shapes. Icons are
 * decoration (aria-hidden) unless given a `role` and a label; the control around them is labelled.
 */
export function createIcon(drawing: Shape | Shape[], name: string) {
  const shapes = Array.isArray(drawing) ? drawing : [drawing];
  function Icon({ size = 'medium', className, ...svgProps }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden={svgProps.role ? undefined : true}
        data-icon={name}
        className={classNames(styles.icon, sizeClass[size], className)}
        {...svgProps}
      >
        {shapes.map((shape, index) => {
          if (typeof shape === 'string') return <path key={index} d={shape} />;
          const { tag: Tag, props } = shape;
          return <Tag key={index} {...props} />;
        })}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export type IconComponent = ReturnType<typeof createIcon>;
