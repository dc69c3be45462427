"""Print the CMAKE_ARGS that build llama.cpp for this machine: llama-cpp-python and its llama-server, in one compile.

The README's install command runs it before pip compiles llama-cpp-python:

    CMAKE_ARGS="$(python scripts/llama_cmake_args.py)" pip install -e ".[dev]"

Why not `GGML_NATIVE=ON` (-march=native)? Some virtual machines report Intel AMX in CPUID without the OS allowing
its tile registers; a native build then uses AMX and dies with *Illegal instruction* at the first token. Why not
`GGML_NATIVE=OFF` alone? That builds for AVX2 and leaves AVX-512 unused, halving prompt speed on CPUs that have it.
So the build is portable (`GGML_NATIVE=OFF`) with each SIMD extension turned on exactly when the kernel lists it in
/proc/cpuinfo (the kernel only lists what it lets programs use), and AMX always off. llama.cpp's runtime dispatch
(`GGML_BACKEND_DL` with `GGML_CPU_ALL_VARIANTS`) would pick the variant at run time instead, but compiles the CPU
backend 14 times, too slow for a two-core install; a build made on one machine and copied to an older one is caught
by aptrag at start-up instead (it names the missing instructions).

`--cuda` adds the CUDA backend (GPU servers); `--no-server` skips llama-server; `--flags "..."` describes another
machine (a /proc/cpuinfo flags line) instead of this one.
"""
import argparse, platform, sys

# llama.cpp option -> the /proc/cpuinfo flags it needs (all of them)
EXTENSIONS = {
    'GGML_SSE42': ['sse4_2'],
    'GGML_AVX': ['avx'],
    'GGML_F16C': ['f16c'],
    'GGML_FMA': ['fma'],
    'GGML_AVX2': ['avx2'],
    'GGML_BMI2': ['bmi2'],
    'GGML_AVX_VNNI': ['avx_vnni'],
    'GGML_AVX512': ['avx512f', 'avx512cd', 'avx512vl', 'avx512dq', 'avx512bw'],
    'GGML_AVX512_VBMI': ['avx512f', 'avx512vbmi'],
    'GGML_AVX512_VNNI': ['avx512f', 'avx512_vnni'],
    'GGML_AVX512_BF16': ['avx512f', 'avx512_bf16'],
}
NEVER = ['GGML_AMX_TILE', 'GGML_AMX_INT8', 'GGML_AMX_BF16']  # tile registers need the OS's permission; see above
SERVER = ['-DLLAMA_BUILD_TOOLS=ON', '-DLLAMA_BUILD_SERVER=ON', '-DLLAMA_TOOLS_INSTALL=ON',  # llama-server needs its library installed
          '-DLLAVA_BUILD=OFF',  # the tools build mtmd themselves
          '-DLLAMA_BUILD_TESTS=OFF', '-DLLAMA_BUILD_EXAMPLES=OFF',
          '-DLLAMA_USE_PREBUILT_UI=OFF']  # no web-UI download from Hugging Face at build time (aptrag runs the server with --no-webui)


def cpu_flags(text: str | None = None) -> set[str]:
    "The instruction-set flags every CPU of this machine lists in /proc/cpuinfo (or in `text`)."
    if text is None:
        try: text = open('/proc/cpuinfo').read()
        except OSError: return set()
    lines = [line.split(':', 1)[1].split() for line in text.splitlines() if line.startswith('flags')] or [text.split()]
    return set.intersection(*map(set, lines))


def cmake_args(flags: set[str], machine: str = 'x86_64', cuda: bool = False, server: bool = True) -> list[str]:
    "CMake options for llama.cpp on a CPU with `flags`."
    args = []
    if machine.lower() in ('x86_64', 'amd64') and flags:
        args.append('-DGGML_NATIVE=OFF')
        args += [f'-D{option}={"ON" if all(f in flags for f in needs) else "OFF"}' for option, needs in EXTENSIONS.items()]
        args += [f'-D{option}=OFF' for option in NEVER]
    if cuda: args.append('-DGGML_CUDA=ON')
    if server: args += SERVER
    return args


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cuda', action='store_true', help='also build the CUDA backend')
    ap.add_argument('--no-server', action='store_true', help='do not build llama-server')
    ap.add_argument('--flags', help='a /proc/cpuinfo flags line to build for, instead of this machine')
    args = ap.parse_args(argv)
    print(' '.join(cmake_args(cpu_flags(args.flags), platform.machine(), args.cuda, not args.no_server)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
