export declare const CHROMIUM_FLAGS: readonly string[];
export declare const TEST_CHROMIUM: { readonly args: string[]; readonly ignoreDefaultArgs: string[] };
export declare const HEADLESS_SHELL: string;
export declare function chromiumPath(): string;
export declare function testChromiumPath(): string;
