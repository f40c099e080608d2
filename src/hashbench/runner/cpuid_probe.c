/* The CPU features a program sees: CPUID's bits for the instruction-set extensions hash
 * libraries choose their code paths by, and whether the OS enables the AVX and AVX-512
 * register state (XCR0). Run natively and under Valgrind (runner/cpu_features.py): the
 * difference is what a counted library could not use. Prints the names, space-separated. */
#include <cpuid.h>
#include <stdio.h>

static unsigned long long xcr0(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

int main(void) {
    unsigned int a, b, c, d;
    unsigned int b7 = 0, c7 = 0, a7, d7;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 1;
    if (__get_cpuid_max(0, 0) >= 7)
        __get_cpuid_count(7, 0, &a7, &b7, &c7, &d7);
    struct { const char *name; unsigned int reg; int bit; } f[] = {
        {"sse2", d, 26}, {"ssse3", c, 9}, {"sse4.1", c, 19}, {"sse4.2", c, 20},
        {"pclmul", c, 1}, {"aes-ni", c, 25}, {"avx", c, 28}, {"fma", c, 12},
        {"bmi1", b7, 3}, {"avx2", b7, 5}, {"bmi2", b7, 8}, {"adx", b7, 19},
        {"sha-ni", b7, 29}, {"avx512f", b7, 16}, {"avx512bw", b7, 30}, {"avx512vl", b7, 31},
        {"vaes", c7, 9}, {"vpclmulqdq", c7, 10}, {"gfni", c7, 8},
    };
    const char *sep = "";
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++)
        if (f[i].reg >> f[i].bit & 1) {
            printf("%s%s", sep, f[i].name);
            sep = " ";
        }
    if (c >> 27 & 1) { /* OSXSAVE: XCR0 is readable */
        unsigned long long x = xcr0();
        if ((x & 0x6) == 0x6)
            printf("%sos-avx", sep), sep = " ";
        if ((x & 0xe6) == 0xe6)
            printf("%sos-avx512", sep);
    }
    printf("\n");
    return 0;
}
