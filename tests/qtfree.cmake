# SPDX-License-Identifier: MIT
# Fails when a file under core/, probe/ or kernels/ includes a Qt header: those folders must
# build on a GPU node without Qt (STYLE.md).
foreach(dir core probe kernels)
    file(GLOB_RECURSE files ${ROOT}/${dir}/*.h ${ROOT}/${dir}/*.cpp ${ROOT}/${dir}/*.cu ${ROOT}/${dir}/*.cuh)
    foreach(f IN LISTS files)
        file(STRINGS ${f} hits REGEX "^[ \t]*#[ \t]*include[ \t]*<Q")
        if(hits)
            message(SEND_ERROR "${f} includes Qt: ${hits}")
        endif()
    endforeach()
endforeach()
